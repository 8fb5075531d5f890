import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A table cell: a figure, or a link that opens the history behind it. */
export type ChartCell = string | number | ReactNode;

/**
 * A chart's figures as a table, for screen readers. The box is what is hidden: a table keeps its
 * columns' width whatever its own width says. With links in it, it shows itself while one of them
 * has the keyboard's focus, so a keyboard user sees where they are.
 */
export function ChartTable({ caption, head, rows }: { caption: string; head: string[]; rows: ChartCell[][] }) {
  return (
    <div className={cn("sr-only", "focus-within:not-sr-only focus-within:mt-3 focus-within:block focus-within:max-w-full focus-within:overflow-x-auto")}>
      <table className="text-sm">
        <caption className="text-left font-medium">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} className="px-2 text-left font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className="px-2 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChartCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">{children}</CardContent>
    </Card>
  );
}
