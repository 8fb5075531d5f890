import { useServerSearch } from "@/hooks/use-paged-query";
import { recipientsQueryOptions } from "@/api/get-recipients";
import { ManageScreen } from "@/components/layout/manage-screen";
import type { ScreenTexts } from "@/components/layout/page";
import { useDeleteRecipient } from "../api/delete-recipient";
import { recipientActions, recipientColumns } from "./recipient-columns";
import { RecipientFormDialog } from "./recipient-form-dialog";

/** 'Gerenciar destinatários': who the stores' notification rules can name. */
/** The screen, under its title and description (the screen registry's). */
export function ManageRecipients({ title, description }: ScreenTexts) {
  // The server searches the name, the e-mail and the role, and pages; a new search returns to page 1.
  const list = useServerSearch(recipientsQueryOptions);
  const remove = useDeleteRecipient();

  return (
    <ManageScreen
      title={title}
      description={description}
      createLabel="Novo destinatário"
      search={{ value: list.search, onChange: list.setSearch, label: "Pesquisar por nome, e-mail ou cargo" }}
      table={{
        caption: "Destinatários",
        columns: recipientColumns,
        rows: list.query.data?.recipients,
        ...list.tableProps,
        emptyText: "Nenhum destinatário encontrado.",
      }}
      actions={recipientActions}
      renderForm={({ row, ...dialog }) => <RecipientFormDialog recipient={row} {...dialog} />}
      remove={{
        title: (recipient) => (recipient ? `Excluir ${recipient.username}?` : "Excluir destinatário?"),
        description: "Tem certeza que deseja excluir este destinatário? Esta ação não pode ser desfeita.",
        onConfirm: (recipient) => remove.mutateAsync(recipient.id),
      }}
    />
  );
}
