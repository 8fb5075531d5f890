import { useRef } from "react";

/**
 * Scanner first: a wedge scanner types into whatever has the focus, so the screen's scan field keeps
 * it whenever nothing else asked for it. The field carries this attribute; dialogs look for it.
 */
export const SCAN_FIELD_ATTRIBUTE = "data-scan-field";

const SCAN_FIELD = `input[${SCAN_FIELD_ATTRIBUTE}]:not(:disabled)`;
const OPEN_DIALOG = "[role=dialog], [role=alertdialog]";
// A menu, a list of options or a popover the person has open (Radix moves the focus into them).
const OPEN_POPUP = "[role=menu], [role=listbox], [data-radix-popper-content-wrapper]";

/** The scan field nearest to an element (its card's, then the screen's); none inside another open dialog. */
export function nearestScanField(from: Element | null): HTMLInputElement | null {
  if (from?.isConnected && from.closest(OPEN_DIALOG)) return null;
  for (let node = from?.isConnected ? from : null; node; node = node.parentElement) {
    const field = node.matches(SCAN_FIELD) ? (node as HTMLInputElement) : node.querySelector<HTMLInputElement>(SCAN_FIELD);
    if (field) return field;
  }
  return document.querySelector<HTMLInputElement>(SCAN_FIELD);
}

/**
 * Whether a scan field showing up may take the focus: not from a field the person is typing in,
 * nor from anything on the screen's content, in a dialog or in a menu the person opened while the screen
 * loaded (taking the focus would close it under their finger). A link in the menu that opened the
 * screen (or nothing at all) gives it up.
 */
export function mayTakeFocus(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (active.closest(OPEN_DIALOG) || active.closest(OPEN_POPUP) || active.closest("main")) return false;
  return !(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement || (active instanceof HTMLElement && active.isContentEditable));
}

/**
 * A dialog's focus handlers that give the focus back to the scan field nearest to what opened it,
 * instead of to the button that opened it (Radix's default); without a scan field on screen, the default.
 */
export function useReturnFocusToScanField<E extends Event>({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: ((event: E) => void) | undefined;
  onCloseAutoFocus?: ((event: E) => void) | undefined;
}) {
  // Radix reads the opener as the element focused when the dialog opens; so does this.
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: (event: E) => {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: E) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const field = nearestScanField(opener.current);
      if (!field) return;
      event.preventDefault();
      field.focus();
    },
  };
}
