import { useMemo, type ComponentProps } from "react";
import { IN_STORE, PICKUP_TYPES, pickupEditSchema, type PickupEdit } from "@passo/domain";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ItemListEditor } from "@/components/items/item-list-editor";
import { InputField } from "@/components/form/input-field";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldControl, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { type Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";
import type { PickupRecord } from "../api/get-pickups";
import { useUpdatePickup } from "../api/update-pickup";
import { domainResolver } from "../utils/domain-resolver";
import { maskCpfInput, maskPhoneInput } from "@/lib/input-masks";
import { StoreCombobox } from "@/components/store-combobox";

interface PickupEditValues {
  customerPhone: string;
  customerEmail: string;
  pickupStoreName: string;
  pickupType: string;
  trackingCode: string;
  authorizedThirdPartyPickup: boolean;
  authorizedThirdPartyFullName: string;
  authorizedThirdPartyCPF: string;
  orderItems: string[];
}

function valuesOf(pickup: PickupRecord): PickupEditValues {
  return {
    customerPhone: pickup.customerPhone,
    customerEmail: pickup.customerEmail,
    pickupStoreName: pickup.pickupStoreName,
    pickupType: pickup.pickupType,
    trackingCode: pickup.trackingCode,
    authorizedThirdPartyPickup: pickup.authorizedThirdPartyPickup,
    authorizedThirdPartyFullName: pickup.authorizedThirdPartyFullName ?? "",
    authorizedThirdPartyCPF: maskCpfInput(pickup.authorizedThirdPartyCPF ?? ""),
    orderItems: [...pickup.orderItems],
  };
}

export interface PickupEditDialogProps {
  pickup: PickupRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Editar Retirada em loja' (spec 2.6): contact, store, operation type, tracking code, third party and items. */
export function PickupEditDialog({ pickup, open, onOpenChange }: PickupEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Editar Retirada em loja</DialogTitle>
          <DialogDescription>
            Pedido {pickup.orderNumber} de {pickup.customerFullName}.
          </DialogDescription>
        </DialogHeader>
        {open && <PickupEditForm key={pickup.id} pickup={pickup} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type TextField = "customerEmail" | "trackingCode" | "authorizedThirdPartyFullName";

function PickupEditForm({ pickup, onDone }: { pickup: PickupRecord; onDone: () => void }) {
  const resolver = useMemo(() => domainResolver<PickupEditValues, PickupEdit>(pickupEditSchema), []);
  const form = useForm<PickupEditValues, unknown, PickupEdit>({ resolver, defaultValues: valuesOf(pickup) });
  const update = useUpdatePickup();
  const [pickupType, thirdParty, items] = useWatch({
    control: form.control,
    name: ["pickupType", "authorizedThirdPartyPickup", "orderItems"],
  });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (edit) => {
    try {
      await update.mutateAsync({ id: pickup.id, body: edit });
      onDone();
    } catch {
      // The server's reason is shown by the mutation cache's toast; the dialog stays for a correction.
    }
  });

  const textField = (name: TextField, label: string, props: Omit<ComponentProps<typeof Input>, "name" | "id"> = {}, description?: string) => (
    <InputField control={form.control} name={name} id={`edit-${name}`} label={label} description={description} autoComplete="off" {...props} />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <FieldGroup className="grid gap-4 sm:grid-cols-2">
        <InputField
          control={form.control}
          name="customerPhone"
          id="edit-customerPhone"
          label="Telefone do cliente"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          mask={maskPhoneInput}
        />
        {textField("customerEmail", "E-mail do cliente", { type: "email" })}
        <Controller
          name="pickupStoreName"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid} controlId="edit-store">
              <FieldLabel>Loja de retirada</FieldLabel>
              <FieldControl>
                <StoreCombobox value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
              </FieldControl>
              <FieldError errors={[fieldState.error]} />
            </Field>
          )}
        />
        <Controller
          name="pickupType"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid} controlId="edit-type">
              <FieldLabel>Tipo de operação</FieldLabel>
              <FieldControl>
                <RadioGroup
                  value={field.value}
                  onValueChange={(value) => {
                    field.onChange(value);
                    if (form.formState.isSubmitted) void form.trigger("trackingCode");
                  }}
                  className="gap-2"
                >
                  {PICKUP_TYPES.map((type, index) => (
                    <div key={type} className="flex items-center gap-2">
                      <RadioGroupItem value={type} id={`edit-type-${index}`} />
                      <Label htmlFor={`edit-type-${index}`} className="font-normal">
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
          {},
          pickupType === IN_STORE ? "Número da transferência, 6 caracteres." : "Código de rastreamento dos Correios, 13 caracteres.",
        )}
        <Controller
          name="authorizedThirdPartyPickup"
          control={form.control}
          render={({ field }) => (
            <Field orientation="horizontal" className="sm:col-span-2">
              <Switch
                id="edit-third-party"
                checked={field.value}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  if (!checked) form.clearErrors(["authorizedThirdPartyFullName", "authorizedThirdPartyCPF"]);
                }}
              />
              <FieldLabel htmlFor="edit-third-party">Autorizar retirada por terceiros</FieldLabel>
            </Field>
          )}
        />
        {thirdParty && (
          <>
            {textField("authorizedThirdPartyFullName", "Nome do terceiro")}
            <InputField
              control={form.control}
              name="authorizedThirdPartyCPF"
              id="edit-authorizedThirdPartyCPF"
              label="CPF do terceiro"
              inputMode="numeric"
              autoComplete="off"
              placeholder="000.000.000-00"
              mask={maskCpfInput}
            />
          </>
        )}
      </FieldGroup>
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
      <DialogFormButtons submitLabel="Salvar" pending={submitting} disabled={items.length === 0} onCancel={onDone} />
    </form>
  );
}
