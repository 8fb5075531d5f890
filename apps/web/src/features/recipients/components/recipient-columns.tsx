import type { Recipient } from "@passo/domain";
import type { DataTableColumn } from "@/components/data-table/data-table";

/** Nome, E-mail, Cargo (the screen adds Ações). */
export const recipientColumns: DataTableColumn<Recipient>[] = [
  { id: "username", header: "Nome", cell: (recipient) => recipient.username, className: "font-medium" },
  { id: "email", header: "E-mail", cell: (recipient) => recipient.email },
  { id: "role", header: "Cargo", cell: (recipient) => recipient.role },
];

/** The names of a row's Ações buttons. */
export const recipientActions = (recipient: Recipient) => ({
  edit: `Editar destinatário ${recipient.username}`,
  delete: `Excluir destinatário ${recipient.username}`,
});
