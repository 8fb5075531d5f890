import { useState } from "react";
import { deferredModule } from "@/lib/deferred-module";

/** The header's menus (user, theme), with Radix's menu and its positioning: loaded after the screen. */
export const headerMenus = deferredModule(() => import("./header-menus"));

/** What the person did with a menu's stand-in button before the menu arrived. */
export interface Reached {
  /** Pressed it: the menu opens as it arrives. */
  defaultOpen: boolean;
  /** Had the focus on it: the menu's own button takes it. */
  focusTrigger: boolean;
}

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
