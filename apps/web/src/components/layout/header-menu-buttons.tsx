import type { User } from "@passo/domain";
import { Monitor, Moon, Sun } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import type { Theme } from "./theme-provider";

/**
 * The header menus' buttons, the same before their menus have loaded (theme-switch.tsx, user-menu.tsx)
 * as inside them (header-menus.tsx): neither side imports the other.
 */

/** What the person did with a menu's stand-in button before the menu arrived. */
export interface Reached {
  /** Pressed it: the menu opens as it arrives. */
  defaultOpen: boolean;
  /** Had the focus on it: the menu's own button takes it. */
  focusTrigger: boolean;
}

export const THEME_OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

/** The theme menu's button: the same before its menu has loaded as after (header-menus.tsx), so the header does not move. */
export function ThemeSwitchButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Alternar tema" {...props}>
      <Sun className="size-[1.2rem] scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" aria-hidden="true" />
      <Moon className="absolute size-[1.2rem] scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" aria-hidden="true" />
    </Button>
  );
}

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
