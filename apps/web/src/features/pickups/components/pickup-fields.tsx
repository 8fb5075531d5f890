import { IN_STORE, PICKUP_TYPES } from "@passo/domain";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { InputField } from "@/components/form/input-field";
import { cpfInputProps, phoneInputProps } from "@/components/form/masked-input-props";
import { StoreCombobox } from "@/components/store-combobox";
import { Field, FieldControl, FieldError, FieldLabel } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Switch } from "@/components/ui/switch";

/** The fields both pickup forms hold ('Criar nova retirada' and 'Editar Retirada em loja'), as typed. */
export interface PickupFieldValues {
  pickupStoreName: string;
  pickupType: string;
  trackingCode: string;
  customerPhone: string;
  customerEmail: string;
  orderItems: string[];
  authorizedThirdPartyPickup: boolean;
  authorizedThirdPartyFullName: string;
  authorizedThirdPartyCPF: string;
}

export interface PickupFieldsProps<T extends PickupFieldValues, TOutput> {
  form: UseFormReturn<T, unknown, TOutput>;
  /** Starts the id of every control, e.g. 'pickup' gives `pickup-trackingCode` (their labels point at them). */
  idPrefix: string;
}

/**
 * react-hook-form's types are invariant in the form's values: the shared fields see a form holding more
 * than PickupFieldValues (the creation form's) as one holding just these.
 */
function pickupForm<T extends PickupFieldValues, TOutput>(form: UseFormReturn<T, unknown, TOutput>) {
  return form as unknown as UseFormReturn<PickupFieldValues, unknown, TOutput>;
}

/** 'Loja de retirada'. */
export function PickupStoreField<T extends PickupFieldValues, TOutput>(props: PickupFieldsProps<T, TOutput>) {
  const { control } = pickupForm(props.form);
  return (
    <Controller
      name="pickupStoreName"
      control={control}
      render={({ field, fieldState }) => (
        <Field data-invalid={fieldState.invalid} controlId={`${props.idPrefix}-store`}>
          <FieldLabel>Loja de retirada</FieldLabel>
          <FieldControl>
            <StoreCombobox value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          </FieldControl>
          <FieldError errors={[fieldState.error]} />
        </Field>
      )}
    />
  );
}

export interface PickupOperationFieldsProps<T extends PickupFieldValues, TOutput> extends PickupFieldsProps<T, TOutput> {
  /** The tracking code input's maxLength, if any. */
  trackingCodeMaxLength?: number;
}

/**
 * 'Tipo de operação' and 'Código de rastreio / TR', whose hint and check follow the type: after a
 * submit, changing the type checks the code again.
 */
export function PickupOperationFields<T extends PickupFieldValues, TOutput>({
  trackingCodeMaxLength,
  ...props
}: PickupOperationFieldsProps<T, TOutput>) {
  const form = pickupForm(props.form);
  const pickupType = useWatch({ control: form.control, name: "pickupType" });
  return (
    <>
      <Controller
        name="pickupType"
        control={form.control}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid} controlId={`${props.idPrefix}-type`}>
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
                    <RadioGroupItem value={type} id={`${props.idPrefix}-type-${index}`} />
                    <Label htmlFor={`${props.idPrefix}-type-${index}`} className="font-normal">
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
      <InputField
        control={form.control}
        name="trackingCode"
        id={`${props.idPrefix}-trackingCode`}
        label="Código de rastreio / TR"
        description={
          pickupType === IN_STORE ? "Número da transferência, 6 caracteres." : "Código de rastreamento dos Correios, 13 caracteres."
        }
        autoComplete="off"
        maxLength={trackingCodeMaxLength}
      />
    </>
  );
}

export interface CustomerContactFieldsProps<T extends PickupFieldValues, TOutput> extends PickupFieldsProps<T, TOutput> {
  phonePlaceholder?: string;
}

/** 'Telefone do cliente' and 'E-mail do cliente'. */
export function CustomerContactFields<T extends PickupFieldValues, TOutput>({
  phonePlaceholder,
  ...props
}: CustomerContactFieldsProps<T, TOutput>) {
  const { control } = pickupForm(props.form);
  return (
    <>
      <InputField
        control={control}
        name="customerPhone"
        id={`${props.idPrefix}-customerPhone`}
        label="Telefone do cliente"
        autoComplete="off"
        placeholder={phonePlaceholder}
        {...phoneInputProps}
      />
      <InputField control={control} name="customerEmail" id={`${props.idPrefix}-customerEmail`} label="E-mail do cliente" type="email" autoComplete="off" />
    </>
  );
}

export interface ThirdPartyFieldsProps<T extends PickupFieldValues, TOutput> extends PickupFieldsProps<T, TOutput> {
  /** The switch's row spans the form's grid: the grid's breakpoint, e.g. 'md:col-span-2'. */
  switchClassName: string;
}

/**
 * 'Autorizar retirada por terceiros' and, while it is on, the third party's name and CPF; turning it off
 * drops their messages.
 */
export function ThirdPartyFields<T extends PickupFieldValues, TOutput>({ switchClassName, ...props }: ThirdPartyFieldsProps<T, TOutput>) {
  const form = pickupForm(props.form);
  const thirdParty = useWatch({ control: form.control, name: "authorizedThirdPartyPickup" });
  const switchId = `${props.idPrefix}-third-party`;
  return (
    <>
      <Controller
        name="authorizedThirdPartyPickup"
        control={form.control}
        render={({ field }) => (
          <Field orientation="horizontal" className={switchClassName}>
            <Switch
              id={switchId}
              checked={field.value}
              onCheckedChange={(checked) => {
                field.onChange(checked);
                if (!checked) form.clearErrors(["authorizedThirdPartyFullName", "authorizedThirdPartyCPF"]);
              }}
            />
            <FieldLabel htmlFor={switchId}>Autorizar retirada por terceiros</FieldLabel>
          </Field>
        )}
      />
      {thirdParty && (
        <>
          <InputField
            control={form.control}
            name="authorizedThirdPartyFullName"
            id={`${props.idPrefix}-authorizedThirdPartyFullName`}
            label="Nome do terceiro"
            autoComplete="off"
          />
          <InputField
            control={form.control}
            name="authorizedThirdPartyCPF"
            id={`${props.idPrefix}-authorizedThirdPartyCPF`}
            label="CPF do terceiro"
            {...cpfInputProps}
          />
        </>
      )}
    </>
  );
}
