import type { User } from "@passo/domain";
import { UserMenuButton } from "./header-menu-buttons";
import { useHeaderMenu } from "./header-menus-loader";

/** Who is signed in, 'Segurança da conta' and 'Sair': the menu loads after the screen (header-menus.tsx). */
export function UserMenu({ user }: { user: User }) {
  const { menus, reached, standIn } = useHeaderMenu();
  if (menus) return <menus.UserMenuDropdown user={user} {...reached} />;
  return <UserMenuButton user={user} {...standIn} />;
}
