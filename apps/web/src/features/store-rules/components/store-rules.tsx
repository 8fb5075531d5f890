import { useServerSearch } from "@/hooks/use-paged-query";
import { ManageScreen } from "@/components/layout/manage-screen";
import type { ScreenTexts } from "@/components/layout/page";
import { useDeleteStoreRule } from "../api/delete-store-rule";
import { storeRulesQueryOptions } from "../api/get-store-rules";
import { storeRuleActions, storeRuleColumns } from "./store-rule-columns";
import { StoreRuleFormDialog } from "./store-rule-form-dialog";

/** 'Notificações': for each store, who hears about it and about which flows. */
/** The screen, under its title and description (the screen registry's). */
export function StoreRules({ title, description }: ScreenTexts) {
  // The search matches the store only (the server's).
  const list = useServerSearch(storeRulesQueryOptions);
  const remove = useDeleteStoreRule();

  return (
    <ManageScreen
      title={title}
      description={description}
      createLabel="Nova notificação"
      search={{ value: list.search, onChange: list.setSearch, label: "Pesquisar por loja" }}
      table={{
        caption: "Notificações das lojas",
        columns: storeRuleColumns,
        rows: list.query.data?.notifications,
        ...list.tableProps,
        emptyText: "Nenhuma notificação encontrada.",
      }}
      actions={storeRuleActions}
      renderForm={({ row, ...dialog }) => <StoreRuleFormDialog rule={row} {...dialog} />}
      remove={{
        title: (rule) => (rule ? `Excluir a notificação da loja ${rule.store}?` : "Excluir notificação?"),
        description:
          "Tem certeza que deseja excluir esta notificação? A loja deixará de ter quem avisar por e-mail. Esta ação não pode ser desfeita.",
        onConfirm: (rule) => remove.mutateAsync(rule.id),
      }}
    />
  );
}
