import type { User } from "@passo/domain";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { RoleBadge } from "./role-badge";

/** Loja, E-mail, Permissões (the screen adds Ações). */
export const userColumns: DataTableColumn<User>[] = [
  { id: "username", header: "Loja", cell: (user) => user.username, className: "font-medium" },
  { id: "email", header: "E-mail", cell: (user) => user.email },
  { id: "role", header: "Permissões", cell: (user) => <RoleBadge role={user.role} /> },
];

/** The names of a row's Ações buttons. The signed-in administrator cannot delete themself. */
export function userActions(currentUserId: string | undefined) {
  return (user: User) => ({
    edit: `Editar usuário ${user.username}`,
    delete: `Excluir usuário ${user.username}`,
    deleteDisabledReason: user.id === currentUserId ? "Você não pode excluir o seu próprio usuário." : undefined,
  });
}
