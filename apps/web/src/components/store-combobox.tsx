import { useStores } from "@/api/get-users";
import { NameCombobox, type NameComboboxProps } from "./name-combobox";

export type StoreComboboxProps = Omit<
  NameComboboxProps,
  "options" | "loading" | "placeholder" | "searchPlaceholder" | "emptyText" | "label" | "clearLabel"
>;

/**
 * The store pickers of the picklist and pickup forms: a searchable list of the store
 * users; the username is both value and label. Name it with a label pointing at `id` or with aria-labelledby.
 */
export function StoreCombobox(props: StoreComboboxProps) {
  const stores = useStores();
  return (
    <NameCombobox
      {...props}
      options={stores.data ?? []}
      loading={stores.isPending}
      placeholder="Selecione a loja..."
      searchPlaceholder="Pesquise a loja..."
      emptyText="Nenhuma loja encontrada."
      label="Lojas"
    />
  );
}
