import { useId, useMemo, useRef, useState, type ComponentProps, type ReactNode } from "react";
import {
  DEFAULT_PICKUP_TYPE,
  NFE_MESSAGES,
  PICKUP_MESSAGES,
  initialStatus,
  invoiceFilesIssue,
  isXmlFile,
  nextInvoiceFiles,
  pickupFormSchema,
  type PickupForm as PickupFormOutput,
} from "@passo/domain";
import { Controller, useForm, useWatch } from "react-hook-form";
import { DisabledReason } from "@/components/feedback/disabled-reason";
import { InputField } from "@/components/form/input-field";
import { ItemListField } from "@/components/form/item-list-field";
import { PHONE_PLACEHOLDER, cpfInputProps } from "@/components/form/masked-input-props";
import { getProductByCode } from "@/api/get-products";
import { ProductPicker, addLine, linesToSend, usePickedLines } from "@/components/products/product-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldControl, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import type { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useAppConfig } from "@/lib/app-config";
import { allowingCatalogLines, formResolver } from "@/lib/form-resolver";
import { newIdempotencyKey } from "@/lib/idempotency";
import { useCreatePickup, type CreatePickupInput } from "../api/create-pickup";
import { uploadInvoice, useUploadInvoice } from "../api/upload-invoice";
import { nfePrefill } from "../lib/nfe-prefill";
import { InvoiceDropZone } from "./invoice-drop-zone";
import { NfeKeyFields } from "./nfe-key-fields";
import { PickupDatePicker } from "./pickup-date-picker";
import { CustomerContactFields, PickupOperationFields, PickupStoreField, ThirdPartyFields, type PickupFieldValues } from "./pickup-fields";

/** What the form holds: every field as typed (the schema trims, strips the CPF's punctuation and checks). */
export interface PickupFormValues extends PickupFieldValues {
  /** YYYY-MM-DD. */
  scheduledPickupDate: string;
  orderNumber: string;
  /** The chosen files' names (the PDF, the XML, or both) until the uploads answer the stored ones. */
  invoiceFileName: string;
  customerFullName: string;
  customerCPF: string;
}

const EMPTY: PickupFormValues = {
  pickupStoreName: "",
  scheduledPickupDate: "",
  pickupType: DEFAULT_PICKUP_TYPE,
  orderNumber: "",
  trackingCode: "",
  invoiceFileName: "",
  customerFullName: "",
  customerCPF: "",
  customerPhone: "",
  customerEmail: "",
  orderItems: [],
  authorizedThirdPartyPickup: false,
  authorizedThirdPartyFullName: "",
  authorizedThirdPartyCPF: "",
};

/** A card of the form, under its title. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** "Today" is the chain's (APP_TIMEZONE), as the server judges it; the device's until the config loads. */
function useFormTimeZone() {
  const config = useAppConfig();
  return config.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

type TextField = "orderNumber" | "customerFullName";

/** The catalog's product of an EAN, or undefined when the catalog does not know it (or cannot say). */
const productOfEan = (ean: string) => getProductByCode(ean).catch(() => undefined);

/**
 * 'Criar nova retirada'. Validated with the domain's pickupFormSchema, so each field shows
 * the API's message. On submit the NF-e is uploaded first; a failed upload stops the creation.
 * The NF-e field takes its PDF, its XML, or both (then the PDF is the invoice the counter prints and
 * the XML goes in invoiceXmlFileName). The NF-e's XML is sent as soon as it is chosen: the server reads it, and its customer and items
 * fill the form (the customer's fields only where empty; each item found in the catalog by its EAN
 * as a product line, the others as typed items), for the office to check before submitting.
 */
export function PickupForm() {
  const timeZone = useFormTimeZone();
  const { lines, setLines, hasLines } = usePickedLines();
  const resolver = useMemo(
    () => allowingCatalogLines(formResolver<PickupFormValues, PickupFormOutput>(pickupFormSchema(timeZone)), "orderItems", hasLines),
    [timeZone, hasLines],
  );
  const form = useForm<PickupFormValues, unknown, PickupFormOutput>({
    resolver,
    defaultValues: EMPTY,
  });
  const upload = useUploadInvoice();
  const create = useCreatePickup();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  // A creation refused after its uploads retries with the same stored files, not second copies.
  const uploaded = useRef(new Map<File, string>());
  // The XML being read, so that an answer for a file since replaced or removed changes nothing.
  const reading = useRef<File | null>(null);
  const [readingNfe, setReadingNfe] = useState(false);
  // The access key of the NF-e the chosen XML was read as, shown beside the file.
  // The access key of the XML read, shown while that file is chosen.
  const [accessKey, setAccessKey] = useState<{ file: File; key: string } | null>(null);

  const items = useWatch({ control: form.control, name: "orderItems" });
  const submitting = form.formState.isSubmitting;
  const reasonId = useId();
  const blocked = items.length === 0 && lines.length === 0 ? PICKUP_MESSAGES.itemsRequired : undefined;

  // Files that break a rule (not a PDF or an XML, too large, two of a kind) are shown with the rule's message and never sent.
  const pickFiles = (next: File[]) => {
    setFiles(next);
    if (next.length === 0 && fileInput.current) fileInput.current.value = "";
    const issue = invoiceFilesIssue(next);
    form.setValue("invoiceFileName", next.map((chosen) => chosen.name).join(", "), { shouldValidate: form.formState.isSubmitted && !issue, shouldDirty: true });
    // A choice that keeps the rules takes away the message an earlier one left.
    if (issue) form.setError("invoiceFileName", { message: issue });
    else if (!form.formState.isSubmitted) form.clearErrors("invoiceFileName");
    // The XML is read once: adding the PDF beside it, or removing the PDF, reads nothing again.
    const xml = issue ? undefined : next.find(isXmlFile);
    if (xml === reading.current) return;
    reading.current = xml && !uploaded.current.has(xml) ? xml : null;
    setReadingNfe(reading.current !== null);
    if (reading.current) void readNfe(reading.current);
  };
  const chooseFiles = (chosen: File[]) => pickFiles(nextInvoiceFiles(files, chosen));
  const removeFile = (removed: File) => pickFiles(files.filter((kept) => kept !== removed));

  const readNfe = async (xml: File) => {
    try {
      const answer = await uploadInvoice(xml, newIdempotencyKey());
      if (reading.current !== xml) return;
      uploaded.current.set(xml, answer.filename);
      if (!answer.nfe) return;
      setAccessKey({ file: xml, key: answer.nfe.accessKey });
      const prefill = await nfePrefill(answer.nfe, form.getValues(), productOfEan);
      if (reading.current !== xml) return;
      const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
      for (const [field, value] of Object.entries(prefill.customer)) form.setValue(field as keyof typeof prefill.customer, value, options);
      if (prefill.items.length) form.setValue("orderItems", [...form.getValues("orderItems"), ...prefill.items], options);
      if (prefill.lines.length) setLines((current) => prefill.lines.reduce(addLine, current));
      toast.success(NFE_MESSAGES.read, { description: prefill.summary });
    } catch (error) {
      // The server's reason (a wrong key, not an NF-e…) shows at the field; submitting sends the file again.
      if (reading.current === xml) form.setError("invoiceFileName", { message: error instanceof ApiError ? error.message : NFE_MESSAGES.unreadable });
    } finally {
      if (reading.current === xml) {
        reading.current = null;
        setReadingNfe(false);
      }
    }
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (files.length === 0) {
        toast.error(PICKUP_MESSAGES.invoiceMissing);
        return;
      }
      const fileIssue = invoiceFilesIssue(files);
      if (fileIssue) {
        form.setError("invoiceFileName", { message: fileIssue }, { shouldFocus: true });
        return;
      }
      try {
        for (const file of files) {
          if (!uploaded.current.has(file)) uploaded.current.set(file, (await upload.mutateAsync(file)).filename);
        }
      } catch (error) {
        // The server's reason (not a PDF, too large…) also shows at the field; the toast came from the mutation cache.
        if (error instanceof ApiError) form.setError("invoiceFileName", { message: error.message }, { shouldFocus: true });
        return;
      }
      // The PDF is the invoice the counter prints; the XML goes beside it, or is the invoice when it comes alone.
      const pdf = files.find((file) => !isXmlFile(file));
      const xml = files.find(isXmlFile);
      const body: CreatePickupInput = {
        ...values,
        ...linesToSend(lines),
        // The day as picked: the server places it in the chain's time zone.
        scheduledPickupDate: form.getValues("scheduledPickupDate"),
        invoiceFileName: uploaded.current.get((pdf ?? xml)!)!,
        invoiceXmlFileName: pdf && xml ? uploaded.current.get(xml)! : null,
        orderDispatchDate: new Date().toISOString(),
        pickupStatus: initialStatus(values.pickupType),
      };
      try {
        await create.mutateAsync(body);
      } catch {
        return;
      }
      uploaded.current.clear();
      setFiles([]);
      setAccessKey(null);
      if (fileInput.current) fileInput.current.value = "";
      form.reset(EMPTY);
      setLines([]);
    },
    () => {
      if (files.length === 0) toast.error(PICKUP_MESSAGES.invoiceMissing);
    },
  );

  const textField = (name: TextField, label: string, props: Omit<ComponentProps<typeof Input>, "name" | "id"> = {}, description?: string) => (
    <InputField control={form.control} name={name} id={`pickup-${name}`} label={label} description={description} {...props} />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Criar nova retirada" className="flex flex-col gap-6">
      <FormSection title="Dados do pedido">
        <FieldGroup className="grid gap-6 md:grid-cols-2">
          <PickupStoreField form={form} idPrefix="pickup" />
          <Controller
            name="scheduledPickupDate"
            control={form.control}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid} controlId="pickup-date">
                <FieldLabel>Data prevista para retirada</FieldLabel>
                <FieldControl>
                  <PickupDatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                </FieldControl>
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
          {textField("orderNumber", "Número do pedido", { autoComplete: "off", maxLength: 32 }, "16 caracteres.")}
          <PickupOperationFields form={form} idPrefix="pickup" trackingCodeMaxLength={32} />
          <Controller
            name="invoiceFileName"
            control={form.control}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid}>
                <FieldLabel htmlFor="pickup-invoice">Nota fiscal (NF-e)</FieldLabel>
                <InvoiceDropZone
                  id="pickup-invoice"
                  inputRef={fileInput}
                  files={files}
                  aria-invalid={fieldState.invalid}
                  onBlur={field.onBlur}
                  onChoose={chooseFiles}
                  onRemove={removeFile}
                />
                {accessKey && files.includes(accessKey.file) && <NfeKeyFields accessKey={accessKey.key} />}
                {readingNfe && (
                  <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                    <Spinner aria-hidden="true" />
                    Lendo a NF-e…
                  </p>
                )}
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
        </FieldGroup>
      </FormSection>

      <FormSection title="Dados do cliente">
        <FieldGroup className="grid gap-6 md:grid-cols-2">
          {textField("customerFullName", "Nome do cliente", { autoComplete: "off" })}
          <InputField control={form.control} name="customerCPF" id="pickup-customerCPF" label="CPF do cliente" {...cpfInputProps} />
          <CustomerContactFields form={form} idPrefix="pickup" phonePlaceholder={PHONE_PLACEHOLDER} />
        </FieldGroup>
      </FormSection>

      <FormSection title="Retirada por terceiros">
        <FieldGroup className="grid gap-6 md:grid-cols-2">
          <ThirdPartyFields form={form} idPrefix="pickup" switchClassName="md:col-span-2" />
        </FieldGroup>
      </FormSection>

      <FormSection title="Itens do pedido">
        <div className="flex flex-col gap-4">
          <ItemListField control={form.control} name="orderItems" title="Lista de itens do pedido" />
          <ProductPicker lines={lines} onChange={setLines} disabled={submitting} />
        </div>
      </FormSection>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        <DisabledReason id={reasonId} reason={blocked} />
        <Button type="submit" disabled={submitting || readingNfe || blocked !== undefined} aria-describedby={blocked ? reasonId : undefined} className="w-full sm:w-auto">
          {submitting && <Spinner aria-hidden="true" />}
          Criar retirada
        </Button>
      </div>
    </form>
  );
}
