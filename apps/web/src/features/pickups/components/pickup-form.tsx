import { useMemo, useRef, useState, type ComponentProps } from "react";
import {
  DEFAULT_PICKUP_TYPE,
  IN_STORE,
  PICKUP_MESSAGES,
  PICKUP_TYPES,
  initialStatus,
  pickupFormSchema,
  type PickupForm as PickupFormOutput,
  type PickupFormInput,
} from "@passo/domain";
import { Controller, useForm, useWatch } from "react-hook-form";
import { InputField } from "@/components/form/input-field";
import { ItemListEditor } from "@/components/items/item-list-editor";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import { useAppConfig } from "@/lib/app-config";
import { useCreatePickup } from "../api/create-pickup";
import { useUploadInvoice } from "../api/upload-invoice";
import { domainResolver } from "../utils/domain-resolver";
import { maskCpfInput, maskPhoneInput } from "@/lib/input-masks";
import { PickupDatePicker } from "./pickup-date-picker";
import { StoreCombobox } from "@/components/store-combobox";

/** What the form holds: every field as typed (the schema trims, strips the CPF's punctuation and checks). */
export interface PickupFormValues {
  pickupStoreName: string;
  /** YYYY-MM-DD. */
  scheduledPickupDate: string;
  pickupType: string;
  orderNumber: string;
  trackingCode: string;
  /** The chosen file's name until the upload answers the stored one. */
  invoiceFileName: string;
  customerFullName: string;
  customerCPF: string;
  customerPhone: string;
  customerEmail: string;
  orderItems: string[];
  authorizedThirdPartyPickup: boolean;
  authorizedThirdPartyFullName: string;
  authorizedThirdPartyCPF: string;
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

/** "Today" is the chain's (APP_TIMEZONE), as the server judges it; the device's until the config loads. */
function useFormTimeZone() {
  const config = useAppConfig();
  return config.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

type TextField = "orderNumber" | "trackingCode" | "customerFullName" | "customerEmail" | "authorizedThirdPartyFullName";

/**
 * 'Criar nova retirada' (spec 2.6). Validated with the domain's pickupFormSchema, so each field shows
 * the API's message. On submit the NF-e is uploaded first; a failed upload stops the creation.
 */
export function PickupForm() {
  const timeZone = useFormTimeZone();
  const resolver = useMemo(() => domainResolver<PickupFormValues, PickupFormOutput>(pickupFormSchema(timeZone)), [timeZone]);
  const form = useForm<PickupFormValues, unknown, PickupFormOutput>({
    resolver,
    defaultValues: EMPTY,
  });
  const upload = useUploadInvoice();
  const create = useCreatePickup();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // A creation refused after its upload retries with the same stored file, not a second copy.
  const uploaded = useRef<{ file: File; filename: string } | null>(null);

  const [pickupType, thirdParty, items] = useWatch({
    control: form.control,
    name: ["pickupType", "authorizedThirdPartyPickup", "orderItems"],
  });
  const submitting = form.formState.isSubmitting;

  const revalidate = (...names: (keyof PickupFormValues)[]) => {
    if (form.formState.isSubmitted) void form.trigger(names);
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    form.setValue("invoiceFileName", chosen?.name ?? "", { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (!file) {
        toast.error(PICKUP_MESSAGES.invoiceMissing);
        return;
      }
      let filename: string;
      try {
        filename = uploaded.current?.file === file ? uploaded.current.filename : (await upload.mutateAsync(file)).filename;
        uploaded.current = { file, filename };
      } catch (error) {
        // The server's reason (not a PDF, too large…) also shows at the field; the toast came from the mutation cache.
        if (error instanceof ApiError) form.setError("invoiceFileName", { message: error.message }, { shouldFocus: true });
        return;
      }
      const body: PickupFormInput & { orderDispatchDate: string; pickupStatus: string } = {
        ...values,
        // The day as picked: the server places it in the chain's time zone.
        scheduledPickupDate: form.getValues("scheduledPickupDate"),
        invoiceFileName: filename,
        orderDispatchDate: new Date().toISOString(),
        pickupStatus: initialStatus(values.pickupType),
      };
      try {
        await create.mutateAsync(body);
      } catch {
        return;
      }
      uploaded.current = null;
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      form.reset(EMPTY);
    },
    () => {
      if (!file) toast.error(PICKUP_MESSAGES.invoiceMissing);
    },
  );

  const textField = (name: TextField, label: string, props: Omit<ComponentProps<typeof Input>, "name" | "id"> = {}, description?: string) => (
    <InputField control={form.control} name={name} id={`pickup-${name}`} label={label} description={description} {...props} />
  );

  const cpfField = (name: "customerCPF" | "authorizedThirdPartyCPF", label: string) => (
    <InputField
      control={form.control}
      name={name}
      id={`pickup-${name}`}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder="000.000.000-00"
      mask={maskCpfInput}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Criar nova retirada" className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Dados do pedido</CardTitle>
        </CardHeader>
        <CardContent>
          <FieldGroup className="grid gap-6 md:grid-cols-2">
            <Controller
              name="pickupStoreName"
              control={form.control}
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid} controlId="pickup-store">
                  <FieldLabel>Loja de retirada</FieldLabel>
                  <FieldControl>
                    <StoreCombobox value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                  </FieldControl>
                  <FieldError errors={[fieldState.error]} />
                </Field>
              )}
            />
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
            <Controller
              name="pickupType"
              control={form.control}
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid} controlId="pickup-type">
                  <FieldLabel>Tipo de operação</FieldLabel>
                  <FieldControl>
                    <RadioGroup
                      value={field.value}
                      onValueChange={(value) => {
                        field.onChange(value);
                        revalidate("trackingCode");
                      }}
                      className="gap-2"
                    >
                      {PICKUP_TYPES.map((type, index) => (
                        <div key={type} className="flex items-center gap-2">
                          <RadioGroupItem value={type} id={`pickup-type-${index}`} />
                          <Label htmlFor={`pickup-type-${index}`} className="font-normal">
                            {type}
                          </Label>
                        </div>
                      ))}
                    </RadioGroup>
                  </FieldControl>
                  <FieldError errors={[fieldState.error]} />
                </Field>
              )}
            />
            {textField(
              "trackingCode",
              "Código de rastreio / TR",
              { autoComplete: "off", maxLength: 32 },
              pickupType === IN_STORE
                ? "Número da transferência, 6 caracteres."
                : "Código de rastreamento dos Correios, 13 caracteres.",
            )}
            <Controller
              name="invoiceFileName"
              control={form.control}
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid}>
                  <FieldLabel htmlFor="pickup-invoice">Nota fiscal (NF-e)</FieldLabel>
                  <Input
                    id="pickup-invoice"
                    ref={fileInput}
                    type="file"
                    accept="application/pdf,.pdf"
                    aria-invalid={fieldState.invalid}
                    onBlur={field.onBlur}
                    onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
                    className="cursor-pointer"
                  />
                  <FieldDescription>Arquivo PDF.</FieldDescription>
                  <FieldError errors={[fieldState.error]} />
                </Field>
              )}
            />
          </FieldGroup>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Dados do cliente</CardTitle>
        </CardHeader>
        <CardContent>
          <FieldGroup className="grid gap-6 md:grid-cols-2">
            {textField("customerFullName", "Nome do cliente", { autoComplete: "off" })}
            {cpfField("customerCPF", "CPF do cliente")}
            <InputField
              control={form.control}
              name="customerPhone"
              id="pickup-customerPhone"
              label="Telefone do cliente"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="(41) 99999-9999"
              mask={maskPhoneInput}
            />
            {textField("customerEmail", "E-mail do cliente", { type: "email", autoComplete: "off" })}
          </FieldGroup>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Retirada por terceiros</CardTitle>
        </CardHeader>
        <CardContent>
          <FieldGroup className="grid gap-6 md:grid-cols-2">
            <Controller
              name="authorizedThirdPartyPickup"
              control={form.control}
              render={({ field }) => (
                <Field orientation="horizontal" className="md:col-span-2">
                  <Switch
                    id="pickup-third-party"
                    checked={field.value}
                    onCheckedChange={(checked) => {
                      field.onChange(checked);
                      if (!checked) form.clearErrors(["authorizedThirdPartyFullName", "authorizedThirdPartyCPF"]);
                    }}
                  />
                  <FieldLabel htmlFor="pickup-third-party">Autorizar retirada por terceiros</FieldLabel>
                </Field>
              )}
            />
            {thirdParty && (
              <>
                {textField("authorizedThirdPartyFullName", "Nome do terceiro", { autoComplete: "off" })}
                {cpfField("authorizedThirdPartyCPF", "CPF do terceiro")}
              </>
            )}
          </FieldGroup>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Itens do pedido</CardTitle>
        </CardHeader>
        <CardContent>
          <Controller
            name="orderItems"
            control={form.control}
            render={({ field, fieldState }) => (
              <ItemListEditor
                items={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                title="Lista de itens do pedido"
                error={fieldState.error?.message}
              />
            )}
          />
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={submitting || items.length === 0} className="w-full sm:w-auto">
          {submitting && <Spinner aria-hidden="true" />}
          Criar retirada
        </Button>
      </div>
    </form>
  );
}
