import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { SearchField } from "@/components/filters/search-field";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { storeRulesQueryOptions } from "../api/get-store-rules";
import { storeRuleColumns } from "./store-rule-columns";
import { StoreRuleDialogs } from "./store-rule-dialogs";
import { StoreRuleDialogsProvider, useStoreRuleDialogs } from "./store-rule-dialogs-provider";

/** 'Notificações': for each store, who hears about it and about which flows. */
/** The screen, under its title and description (the screen registry's). */
export function StoreRules(texts: ScreenTexts) {
  return (
    <StoreRuleDialogsProvider>
      <StoreRulesScreen {...texts} />
      <StoreRuleDialogs />
    </StoreRuleDialogsProvider>
  );
}

function StoreRulesScreen({ title, description }: ScreenTexts) {
  const { show } = useStoreRuleDialogs();
  const [search, setSearch] = useState("");
  const applied = useDebouncedValue(search.trim());
  // The search matches the store only (the server's).
  const list = useServerPagedQuery((paging) => storeRulesQueryOptions({ search: applied || undefined, ...paging }), applied);

  return (
    <Page
      title={title}
      description={description}
      actions={
        <Button onClick={() => show("create")}>
          <PlusIcon aria-hidden="true" />
          Nova notificação
        </Button>
      }
    >
      <SearchField value={search} onChange={setSearch} label="Pesquisar por loja" />
      <DataTable
        caption="Notificações das lojas"
        columns={storeRuleColumns}
        rows={list.query.data?.notifications}
        {...list.tableProps}
        rowKey={(rule) => rule.id}
        emptyText="Nenhuma notificação encontrada."
      />
    </Page>
  );
}
