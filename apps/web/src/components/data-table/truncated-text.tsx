import { cn } from "@/lib/utils";

/**
 * A value kept to one line in a table cell: cut with an ellipsis where it does not fit, the whole
 * value on hover (title) and, as the text is all there, to screen readers.
 */
export function TruncatedText({ value, className }: { value: string; className?: string }) {
  return (
    <span className={cn("block max-w-48 truncate", className)} title={value}>
      {value}
    </span>
  );
}
