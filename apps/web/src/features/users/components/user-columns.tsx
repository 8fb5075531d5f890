import type { User } from "@passo/domain";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { RowActions } from "@/components/data-table/row-actions";
import { RoleBadge } from "./role-badge";
import { useUserDialogs } from "./user-dialogs-provider";

function UserRowActions({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { show } = useUserDialogs();
  return (
    <RowActions
      editLabel={`Editar usuário ${user.username}`}
      deleteLabel={`Excluir usuário ${user.username}`}
      onEdit={() => show("edit", user)}
      onDelete={() => show("delete", user)}
      deleteDisabledReason={isSelf ? "Você não pode excluir o seu próprio usuário." : undefined}
    />
  );
}

/** Loja, E-mail, Permissões, Ações. The signed-in administrator cannot delete themself. */
export function userColumns(currentUserId: string | undefined): DataTableColumn<User>[] {
  return [
    { id: "username", header: "Loja", cell: (user) => user.username, className: "font-medium" },
    { id: "email", header: "E-mail", cell: (user) => user.email },
    { id: "role", header: "Permissões", cell: (user) => <RoleBadge role={user.role} /> },
    {
      id: "actions",
      header: "Ações",
      cell: (user) => <UserRowActions user={user} isSelf={user.id === currentUserId} />,
      className: "w-24",
    },
  ];
}
