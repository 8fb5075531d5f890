import { Controller, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";

import { Field, FieldControl, FieldLabel } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";

export interface SwitchFieldsProps<T extends FieldValues, TContext, TOutput> {
  control: Control<T, TContext, TOutput>;
  /** What the switches turn on and off, e.g. 'Enviar e-mails sobre'. */
  legend: string;
  switches: readonly { name: FieldPathByValue<T, boolean>; label: string }[];
  /** Starts each switch's id (`${idPrefix}-${name}`). */
  idPrefix: string;
}

/** A group of on/off fields of a react-hook-form form, each switch beside its label. */
export function SwitchFields<T extends FieldValues, TContext, TOutput>({ control, legend, switches, idPrefix }: SwitchFieldsProps<T, TContext, TOutput>) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">{legend}</legend>
      {switches.map(({ name, label }) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field }) => (
            <Field orientation="horizontal">
              <FieldControl>
                <Switch id={`${idPrefix}-${name}`} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
              </FieldControl>
              <FieldLabel htmlFor={`${idPrefix}-${name}`} className="font-normal">
                {label}
              </FieldLabel>
            </Field>
          )}
        />
      ))}
    </fieldset>
  );
}
