import type { User } from "@passo/domain";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { useHeaderMenu } from "./header-menus-loader";

function initials(name: string) {
  const words = name.replace(/^Loja\s+/i, "").split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? "") + (words[1]?.[0] ?? "")).toUpperCase() || "?";
}

/** The user menu's button: the same before its menu has loaded as after (header-menus.tsx), so the header does not move. */
export function UserMenuButton({ user, ...props }: { user: User } & ComponentProps<typeof Button>) {
  // Two letters read as text: the button's name carries them (WCAG 2.5.3, label in name), as for a single letter it need not.
  const mark = initials(user.username);
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label={mark.length > 1 ? `Menu do usuário ${mark}` : "Menu do usuário"} {...props}>
      <span className="flex size-8 items-center justify-center rounded-full bg-secondary text-xs font-semibold">{mark}</span>
    </Button>
  );
}

/** Who is signed in, 'Segurança da conta' and 'Sair': the menu loads after the screen (header-menus.tsx). */
export function UserMenu({ user }: { user: User }) {
  const { menus, reached, standIn } = useHeaderMenu();
  if (menus) return <menus.UserMenuDropdown user={user} {...reached} />;
  return <UserMenuButton user={user} {...standIn} />;
}
