import type { User } from "@passo/domain";
import type { Role } from "@passo/domain/roles";
import { useMemo, type ReactNode } from "react";
import { AppLayout } from "@/components/layout/app-layout";
import type { NavGroup, ShellNavigation } from "@/components/layout/navigation";
import * as icons from "./screen-icons";
import { breadcrumbFor, menuFor, type MenuSection } from "./screens";

// The shell with the user's menus, read off the screen registry (app/screens.ts): a chunk of its own,
// loaded by the signed-in layer (app/signed-in.tsx, app/guard.tsx). The icons the registry names
// are resolved here, when the menus are drawn.

function navGroup({ group, screens }: MenuSection): NavGroup {
  return {
    title: group.title,
    commandGroup: group.commandGroup,
    icon: icons[group.icon],
    defaultOpen: group.defaultOpen,
    items: screens.map((screen) => ({ title: screen.menu.label, url: screen.path, icon: icons[screen.icon] })),
  };
}

/** A role's sidebar, command search and breadcrumb. */
export function navigationFor(role: Role): ShellNavigation {
  const sections = menuFor(role);
  const others = sections.find((section) => section.group.sidebar === false);
  if (!others) throw new Error("shell: the registry has no group outside the sidebar");
  return {
    groups: sections.filter((section) => section.group.sidebar !== false).map(navGroup),
    others: navGroup(others),
    breadcrumb: (pathname) => breadcrumbFor(pathname, role),
  };
}

/** The shell: collapsible sidebar, breadcrumb header, and the page. */
export function Shell({ user, loadingUser, children }: { user: User; loadingUser: boolean; children: ReactNode }) {
  const navigation = useMemo(() => navigationFor(user.role), [user.role]);
  return (
    <AppLayout user={user} loadingUser={loadingUser} navigation={navigation}>
      {children}
    </AppLayout>
  );
}
