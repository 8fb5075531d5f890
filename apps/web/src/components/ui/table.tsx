import * as React from "react";

import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";

/**
 * Whether the box scrolls sideways: such a box must be reachable by keyboard (WCAG's scrollable
 * regions), so it takes a tab stop while, and only while, its table is wider than it.
 */
function useScrollsSideways() {
  const ref = React.useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = React.useState(false);
  React.useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const update = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/**
 * `containerProps` reach the scrolling box around the table (a role and a label for a table that
 * always scrolls, say). The box takes a tab stop by itself whenever the table is wider than it.
 */
function Table({ className, containerProps, ...props }: React.ComponentProps<"table"> & { containerProps?: React.ComponentProps<"div"> }) {
  const [boxRef, scrolls] = useScrollsSideways();
  return (
    <div
      ref={boxRef}
      data-slot="table-container"
      tabIndex={scrolls ? 0 : undefined}
      {...containerProps}
      className={cn("relative w-full overflow-x-auto focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none", containerProps?.className)}
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

const TableHeader = slotted("thead", "table-header", "[&_tr]:border-b");
const TableBody = slotted("tbody", "table-body", "[&_tr:last-child]:border-0");
const TableFooter = slotted("tfoot", "table-footer", "border-t bg-muted/50 font-medium [&>tr]:last:border-b-0");
const TableRow = slotted("tr", "table-row", "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted");
const TableHead = slotted(
  "th",
  "table-head",
  "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]",
);
const TableCell = slotted(
  "td",
  "table-cell",
  "p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]",
);
const TableCaption = slotted("caption", "table-caption", "mt-4 text-sm text-muted-foreground");

export { Table, TableHeader, TableBody, TableFooter, TableHead, TableRow, TableCell, TableCaption };
