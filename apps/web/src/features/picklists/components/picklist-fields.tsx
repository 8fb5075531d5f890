import { picklistCreateSchema } from "@passo/domain";
import { Controller, type Control } from "react-hook-form";
import type { z } from "zod";
import { ItemListField } from "@/components/form/item-list-field";
import { StoreCombobox } from "@/components/store-combobox";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";

/** What the administrator fills in, creating a list or editing one not started yet. */
export const picklistFieldsSchema = picklistCreateSchema.pick({ destination: true, listItems: true });
export type PicklistFieldValues = z.input<typeof picklistFieldsSchema>;

export interface PicklistFieldsProps<TOutput> {
  control: Control<PicklistFieldValues, unknown, TOutput>;
  /** The destination picker's id (its label points at it). */
  destinationId: string;
  /** A request is on its way: the item list waits. */
  pending: boolean;
  destinationClassName?: string;
}

/** 'Loja de destino' and the item list editor of a picking list's form. */
export function PicklistFields<TOutput>({ control, destinationId, pending, destinationClassName }: PicklistFieldsProps<TOutput>) {
  return (
    <>
      <Controller
        name="destination"
        control={control}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid} className={destinationClassName}>
            <FieldLabel htmlFor={destinationId}>Loja de destino</FieldLabel>
            <StoreCombobox
              id={destinationId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={fieldState.invalid || undefined}
            />
            <FieldError errors={[fieldState.error]} />
          </Field>
        )}
      />
      <ItemListField control={control} name="listItems" disabled={pending} />
    </>
  );
}
