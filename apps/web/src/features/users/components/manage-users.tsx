import type { User } from "@passo/domain";
import { useMemo, useState } from "react";
import { useUsers } from "@/api/get-users";
import { useClientPagination } from "@/hooks/use-client-pagination";
import { loadFailure } from "@/lib/load-failure";
import { ManageScreen } from "@/components/layout/manage-screen";
import type { ScreenTexts } from "@/components/layout/page";
import { useDeleteUser } from "../api/delete-user";
import { filterRows } from "../utils/search";
import { userActions, userColumns } from "./user-columns";
import { UserFormDialog } from "./user-form-dialog";

/** The user search matches the username, the e-mail and the role. */
export const userSearchFields = (user: User) => [user.username, user.email, user.role];

/** 'Gerenciar usuários': the stores' accounts and the administrators. */
/** The screen, under its title and description (the screen registry's). */
export function ManageUsers({ currentUserId, title, description }: { currentUserId?: string } & ScreenTexts) {
  const users = useUsers();
  const remove = useDeleteUser();
  const [search, setSearch] = useState("");
  const filtered = useMemo(() => filterRows(users.data ?? [], search, userSearchFields), [users.data, search]);
  // The API answers the whole list, a few dozen accounts: it is paged here.
  const paged = useClientPagination(filtered, search.trim());
  const actions = useMemo(() => userActions(currentUserId), [currentUserId]);

  return (
    <ManageScreen
      title={title}
      description={description}
      createLabel="Novo usuário"
      search={{ value: search, onChange: setSearch, label: "Pesquisar por loja, e-mail ou permissão" }}
      table={{
        caption: "Usuários",
        columns: userColumns,
        rows: paged.rows,
        loading: users.isPending,
        emptyText: "Nenhum usuário encontrado.",
        pagination: paged.pagination,
        failure: loadFailure(users),
      }}
      actions={actions}
      renderForm={({ row, ...dialog }) => <UserFormDialog user={row} {...dialog} currentUserId={currentUserId} />}
      remove={{
        title: (user) => (user ? `Excluir ${user.username}?` : "Excluir usuário?"),
        description: "Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita.",
        onConfirm: (user) => remove.mutateAsync(user.id),
      }}
    />
  );
}
