import type { ComponentProps, ReactNode } from "react";
import { Controller, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";

import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export interface InputFieldProps<T extends FieldValues, TOutput>
  extends Omit<ComponentProps<typeof Input>, "name" | "id" | "value" | "onChange" | "onBlur" | "ref"> {
  control: Control<T, unknown, TOutput>;
  name: FieldPathByValue<T, string>;
  id: string;
  label: string;
  description?: ReactNode;
  /** Reshapes what is typed as it is typed (the CPF and phone masks of lib/input-masks). */
  mask?: (typed: string) => string;
}

/** A text input of a react-hook-form form, with its label, description and the schema's message. */
export function InputField<T extends FieldValues, TOutput>({
  control,
  name,
  id,
  label,
  description,
  mask,
  ...inputProps
}: InputFieldProps<T, TOutput>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Field data-invalid={fieldState.invalid}>
          <FieldLabel htmlFor={id}>{label}</FieldLabel>
          <Input
            {...field}
            id={id}
            aria-invalid={fieldState.invalid}
            {...inputProps}
            onChange={(event) => field.onChange(mask ? mask(event.target.value) : event.target.value)}
          />
          {description && <FieldDescription>{description}</FieldDescription>}
          <FieldError errors={[fieldState.error]} />
        </Field>
      )}
    />
  );
}
