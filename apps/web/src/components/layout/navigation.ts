import type { LucideIcon } from "lucide-react";

// The menus as the shell draws them: plain data, built from the screen registry by app/shell.tsx and
// passed in (shared code reads no app/ module).

/** A menu entry: name, url, icon. */
export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
}

export interface NavGroup {
  /** The sidebar's group header. */
  title: string;
  /** The command search's group heading (the product spells these differently from the sidebar's). */
  commandGroup: string;
  icon: LucideIcon;
  /** Open by default in the sidebar. */
  defaultOpen?: boolean;
  items: NavItem[];
}

/** What the shell's sidebar, command search and breadcrumb show to the signed-in user. */
export interface ShellNavigation {
  /** The sidebar's groups, also the command search's. */
  groups: NavGroup[];
  /** The command search's last group ('Outros'): pages that are not in the sidebar's flows. */
  others: NavGroup;
  /** The breadcrumb's trail for a path: [group, page], or just [page]. */
  breadcrumb: (pathname: string) => string[];
}
