/** Copies of one item on a list, shown as one line of the card. */
export interface ItemGroup {
  item: string;
  /** The copies in the part of the list shown (to separate, separated, not found). */
  count: number;
  /** The copies on the whole list. */
  total: number;
}

function countOf(items: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** `items` (a part of the list) grouped by text, in the order each first shows up. */
export function groupItems(items: readonly string[], listItems: readonly string[]): ItemGroup[] {
  const totals = countOf(listItems);
  return [...countOf(items)].map(([item, count]) => ({ item, count, total: Math.max(totals.get(item) ?? 0, count) }));
}

/**
 * A line of the card: the item alone when the list has one copy; otherwise '3 × item', and on the
 * products still to separate, how many copies are already separated ('3 × item — 1 separado').
 */
export function groupLabel(group: ItemGroup, part: "toSeparate" | "separated" | "notFound", started = true): string {
  if (group.total === 1) return group.item;
  if (part !== "toSeparate") return `${group.count} × ${group.item}`;
  const separated = group.total - group.count;
  const done = started && separated > 0 ? ` — ${separated} ${separated === 1 ? "separado" : "separados"}` : "";
  return `${group.total} × ${group.item}${done}`;
}
