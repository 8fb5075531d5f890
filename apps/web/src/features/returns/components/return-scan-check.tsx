import { catalogIndex, matchScan, scanRefusal, type ItemSplit } from "@passo/domain";
import { CheckIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { useProductsByItems } from "@/api/get-products";
import { ScanField, type ScanFeedback } from "@/components/scan/scan-field";

/** What the check of a returned pair says. */
export const RETURN_SCAN_MESSAGES = {
  matches: (item: string) => `Confere com a devolução: ${item}`,
  mismatch: "Não confere: este produto não está nesta devolução.",
  alreadyChecked: "Este item já foi conferido.",
  checked: (count: number, total: number) => `${count} de ${total} ${total === 1 ? "item conferido" : "itens conferidos"}`,
} as const;

/**
 * 'Conferir produto' while receiving a return: the clerk scans the box handed back (its GTIN, or the
 * item's code) and learns at once whether it is one of the return's items; each item is checked
 * once, copies one by one. The return's products are read once when the dialog opens.
 */
export function ReturnScanCheck({ returnItems }: { returnItems: readonly string[] }) {
  const products = useProductsByItems(returnItems);
  const productsByCode = useMemo(() => catalogIndex(products.data ?? []), [products.data]);
  const [split, setSplit] = useState<ItemSplit>({ completedItems: [], uncompletedItems: [...returnItems] });

  const scan = (code: string): ScanFeedback => {
    const outcome = matchScan({ listItems: returnItems, ...split }, code, productsByCode);
    if (outcome.kind === "invalid") return { tone: "error", message: scanRefusal(outcome) ?? RETURN_SCAN_MESSAGES.mismatch };
    if (outcome.kind === "unknown") return { tone: "error", message: RETURN_SCAN_MESSAGES.mismatch };
    if (outcome.kind === "alreadySeparated") return { tone: "error", message: RETURN_SCAN_MESSAGES.alreadyChecked };
    setSplit(outcome.split);
    return { tone: "ok", message: RETURN_SCAN_MESSAGES.matches(outcome.item) };
  };

  const checked = new Map<string, number>();
  for (const item of split.completedItems) checked.set(item, (checked.get(item) ?? 0) + 1);

  return (
    <div className="grid gap-2">
      <ScanField label="Conferir produto" placeholder="Código de barras do produto" onScan={scan} />
      <p className="text-sm font-medium">Itens da devolução</p>
      <ul className="max-h-40 overflow-y-auto text-sm" aria-label="Itens da devolução">
        {returnItems.map((item, index) => {
          const left = checked.get(item) ?? 0;
          if (left > 0) checked.set(item, left - 1);
          return (
            <li key={index} className="flex items-start gap-2 break-words">
              {left > 0 ? (
                <CheckIcon aria-label="Conferido" className="mt-0.5 size-4 shrink-0 text-green-600" />
              ) : (
                <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-center">
                  •
                </span>
              )}
              <span className="min-w-0 flex-1">{item}</span>
            </li>
          );
        })}
      </ul>
      {split.completedItems.length > 0 && (
        <p className="text-sm text-muted-foreground">{RETURN_SCAN_MESSAGES.checked(split.completedItems.length, returnItems.length)}</p>
      )}
    </div>
  );
}
