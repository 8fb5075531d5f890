import { copyValue } from "./copy.js";
import type { ItemSplit } from "./picklist.js";

/** The texts 'Escanear código' shows after a scan. */
export const SCAN_MESSAGES = {
  unknown: "Código não encontrado nesta lista.",
  alreadySeparated: "Produto já separado.",
  separated: (item: string) => `Produto separado: ${item}`,
} as const;

/**
 * What a scan does to a list in progress: ticks one item (`split` is the whole split to send),
 * finds only items already separated, or matches nothing.
 */
export type ScanOutcome =
  | { kind: "separated"; item: string; split: ItemSplit }
  | { kind: "alreadySeparated"; item: string }
  | { kind: "unknown" };

const normalize = (text: string) => text.trim().toUpperCase();

/** The shortest scan that may match the end of an item's text: a product code's length, so a stray key ticks nothing. */
export const SCAN_MIN_END_LENGTH = 6;

/**
 * Whether a scanned text names an item: it is the item's product code ('code'), its code with the
 * check characters ('codeAll'), or the end of the item's text (a scanner reading a longer code).
 */
export function scanMatchesItem(item: string, scanned: string): boolean {
  const code = normalize(scanned);
  if (code === "") return false;
  const text = normalize(item);
  if (code === copyValue(text, "code") || code === copyValue(text, "codeAll")) return true;
  return code.length >= SCAN_MIN_END_LENGTH && text.endsWith(code);
}

/**
 * A scan on a list in progress ticks the first item, in the list's order, that matches and is not
 * separated yet. Repeated items count one by one; a scan never unticks. `matches` says which items the
 * scan names (the catalog's scan names the items made from one product).
 */
export function scanItem(
  list: { listItems: readonly string[] } & ItemSplit,
  scanned: string,
  matches: (item: string) => boolean = (item) => scanMatchesItem(item, scanned),
): ScanOutcome {
  const separatedLeft = new Map<string, number>();
  for (const item of list.completedItems) separatedLeft.set(item, (separatedLeft.get(item) ?? 0) + 1);
  let alreadySeparated: string | undefined;
  for (const item of list.listItems) {
    const separated = (separatedLeft.get(item) ?? 0) > 0;
    if (separated) separatedLeft.set(item, (separatedLeft.get(item) ?? 0) - 1);
    if (!matches(item)) continue;
    if (separated) {
      alreadySeparated ??= item;
      continue;
    }
    const at = list.uncompletedItems.indexOf(item);
    if (at < 0) continue;
    const uncompletedItems = [...list.uncompletedItems.slice(0, at), ...list.uncompletedItems.slice(at + 1)];
    return { kind: "separated", item, split: { completedItems: [...list.completedItems, item], uncompletedItems } };
  }
  return alreadySeparated === undefined ? { kind: "unknown" } : { kind: "alreadySeparated", item: alreadySeparated };
}
