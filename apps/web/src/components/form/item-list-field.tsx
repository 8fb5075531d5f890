import { Controller, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";

import { ItemListEditor } from "@/components/items/item-list-editor";

export interface ItemListFieldProps<T extends FieldValues, TOutput> {
  control: Control<T, unknown, TOutput>;
  name: FieldPathByValue<T, string[]>;
  /** The editor's heading, e.g. 'Lista de itens do pedido'. */
  title?: string;
  /** A request is on its way: the list waits. */
  disabled?: boolean;
}

/** The item list editor of a react-hook-form form, with the schema's message for the list. */
export function ItemListField<T extends FieldValues, TOutput>({ control, name, title, disabled }: ItemListFieldProps<T, TOutput>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <ItemListEditor
          items={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          title={title}
          error={fieldState.error?.message ?? fieldState.error?.root?.message}
          disabled={disabled}
        />
      )}
    />
  );
}
