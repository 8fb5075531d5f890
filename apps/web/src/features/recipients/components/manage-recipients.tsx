import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { recipientsQueryOptions } from "@/api/get-recipients";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { SearchField } from "@/components/filters/search-field";
import { Page } from "@/components/layout/page";
import { recipientColumns } from "./recipient-columns";
import { RecipientDialogs } from "./recipient-dialogs";
import { RecipientDialogsProvider, useRecipientDialogs } from "./recipient-dialogs-provider";

/** 'Gerenciar destinatários': who the stores' notification rules can name. */
export function ManageRecipients() {
  return (
    <RecipientDialogsProvider>
      <ManageRecipientsScreen />
      <RecipientDialogs />
    </RecipientDialogsProvider>
  );
}

function ManageRecipientsScreen() {
  const { show } = useRecipientDialogs();
  const [search, setSearch] = useState("");
  const applied = useDebouncedValue(search.trim());
  // The server searches the name, the e-mail and the role, and pages; a new search returns to page 1.
  const list = useServerPagedQuery((paging) => recipientsQueryOptions({ search: applied || undefined, ...paging }), applied);

  return (
    <Page
      title="Gerenciar destinatários"
      description="Cadastre os supervisores, gerentes e subgerentes que recebem as notificações das lojas."
      actions={
        <Button onClick={() => show("create")}>
          <PlusIcon aria-hidden="true" />
          Novo destinatário
        </Button>
      }
    >
      <SearchField value={search} onChange={setSearch} label="Pesquisar por nome, e-mail ou cargo" />
      <DataTable
        caption="Destinatários"
        columns={recipientColumns}
        rows={list.query.data?.recipients}
        {...list.tableProps}
        rowKey={(recipient) => recipient.id}
        emptyText="Nenhum destinatário encontrado."
      />
    </Page>
  );
}
