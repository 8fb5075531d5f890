import { cn } from "@/lib/utils";

/**
 * A value kept to one line (or `lines` lines) in a table cell: cut with an ellipsis where it does not
 * fit, the whole value on hover (title) and, as the text is all there, to screen readers.
 */
export function TruncatedText({ value, className, lines = 1 }: { value: string; className?: string; lines?: 1 | 2 }) {
  return (
    <span className={cn("block max-w-48", lines === 1 ? "truncate" : "line-clamp-2 whitespace-normal [overflow-wrap:anywhere]", className)} title={value}>
      {value}
    </span>
  );
}
