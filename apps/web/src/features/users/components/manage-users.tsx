import type { User } from "@passo/domain";
import { PlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { useUsers } from "@/api/get-users";
import { useClientPagination } from "@/hooks/use-client-pagination";
import { loadFailure } from "@/lib/load-failure";
import { SearchField } from "@/components/filters/search-field";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { filterRows } from "../utils/search";
import { userColumns } from "./user-columns";
import { UserDialogs } from "./user-dialogs";
import { UserDialogsProvider, useUserDialogs } from "./user-dialogs-provider";

/** The user search matches the username, the e-mail and the role. */
export const userSearchFields = (user: User) => [user.username, user.email, user.role];

/** 'Gerenciar usuários': the stores' accounts and the administrators. */
/** The screen, under its title and description (the screen registry's). */
export function ManageUsers({ currentUserId, ...texts }: { currentUserId?: string } & ScreenTexts) {
  return (
    <UserDialogsProvider>
      <ManageUsersScreen currentUserId={currentUserId} {...texts} />
      <UserDialogs currentUserId={currentUserId} />
    </UserDialogsProvider>
  );
}

function ManageUsersScreen({ currentUserId, title, description }: { currentUserId?: string } & ScreenTexts) {
  const { show } = useUserDialogs();
  const users = useUsers();
  const [search, setSearch] = useState("");
  const filtered = useMemo(() => filterRows(users.data ?? [], search, userSearchFields), [users.data, search]);
  // The API answers the whole list, a few dozen accounts: it is paged here.
  const paged = useClientPagination(filtered, search.trim());
  const columns = useMemo(() => userColumns(currentUserId), [currentUserId]);

  return (
    <Page
      title={title}
      description={description}
      actions={
        <Button onClick={() => show("create")}>
          <PlusIcon aria-hidden="true" />
          Novo usuário
        </Button>
      }
    >
      <SearchField value={search} onChange={setSearch} label="Pesquisar por loja, e-mail ou permissão" />
      <DataTable
        caption="Usuários"
        columns={columns}
        rows={paged.rows}
        loading={users.isPending}
        rowKey={(user) => user.id}
        emptyText="Nenhum usuário encontrado."
        pagination={paged.pagination}
        failure={loadFailure(users)}
      />
    </Page>
  );
}
