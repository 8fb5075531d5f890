import { useCallback } from "react";

/**
 * A ref that focuses its element when it mounts, if `focus`: a control that takes the place of its
 * stand-in (a menu or tooltip arriving after the page) keeps the focus the stand-in had.
 */
export function useFocusOnMount(focus: boolean) {
  return useCallback(
    (node: HTMLElement | null) => {
      if (focus) node?.focus();
    },
    [focus],
  );
}
