import type { Recipient } from "@passo/domain";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { RowActions } from "@/components/data-table/row-actions";
import { useRecipientDialogs } from "./recipient-dialogs-provider";

function RecipientRowActions({ recipient }: { recipient: Recipient }) {
  const { show } = useRecipientDialogs();
  return (
    <RowActions
      editLabel={`Editar destinatário ${recipient.username}`}
      deleteLabel={`Excluir destinatário ${recipient.username}`}
      onEdit={() => show("edit", recipient)}
      onDelete={() => show("delete", recipient)}
    />
  );
}

/** Nome, E-mail, Cargo, Ações. */
export const recipientColumns: DataTableColumn<Recipient>[] = [
  { id: "username", header: "Nome", cell: (recipient) => recipient.username, className: "font-medium" },
  { id: "email", header: "E-mail", cell: (recipient) => recipient.email },
  { id: "role", header: "Cargo", cell: (recipient) => recipient.role },
  { id: "actions", header: "Ações", cell: (recipient) => <RecipientRowActions recipient={recipient} />, className: "w-24" },
];
