import { useState } from "react";
import { deferredModule } from "@/lib/deferred-module";
import type { Reached } from "./header-menu-buttons";

/** The header's menus (user, theme), with Radix's menu and its positioning: loaded after the screen. */
export const headerMenus = deferredModule(() => import("./header-menus"));

/**
 * A header menu: the module once it has arrived, and meanwhile the props of its stand-in button (the
 * same button, without the menu), which start the load at a hover, a focus or a press.
 */
export function useHeaderMenu() {
  const menus = headerMenus.useModule();
  const [reached, setReached] = useState<Reached>({ defaultOpen: false, focusTrigger: false });
  const standIn = {
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    onPointerEnter: headerMenus.load,
    onFocus: () => {
      headerMenus.load();
      setReached((r) => ({ ...r, focusTrigger: true }));
    },
    onBlur: () => setReached((r) => ({ ...r, focusTrigger: false })),
    onClick: () => {
      headerMenus.load();
      setReached({ defaultOpen: true, focusTrigger: true });
    },
  };
  return { menus, reached, standIn };
}
