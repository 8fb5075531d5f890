import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { recipientsQueryOptions } from "@/api/get-recipients";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { SearchField } from "@/components/filters/search-field";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { recipientColumns } from "./recipient-columns";
import { RecipientDialogs } from "./recipient-dialogs";
import { RecipientDialogsProvider, useRecipientDialogs } from "./recipient-dialogs-provider";

/** 'Gerenciar destinatários': who the stores' notification rules can name. */
/** The screen, under its title and description (the screen registry's). */
export function ManageRecipients(texts: ScreenTexts) {
  return (
    <RecipientDialogsProvider>
      <ManageRecipientsScreen {...texts} />
      <RecipientDialogs />
    </RecipientDialogsProvider>
  );
}

function ManageRecipientsScreen({ title, description }: ScreenTexts) {
  const { show } = useRecipientDialogs();
  const [search, setSearch] = useState("");
  const applied = useDebouncedValue(search.trim());
  // The server searches the name, the e-mail and the role, and pages; a new search returns to page 1.
  const list = useServerPagedQuery((paging) => recipientsQueryOptions({ search: applied || undefined, ...paging }), applied);

  return (
    <Page
      title={title}
      description={description}
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
