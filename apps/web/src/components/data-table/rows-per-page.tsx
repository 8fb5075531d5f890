import { useId } from "react";

import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ROWS_PER_PAGE_OPTIONS, useRowsPerPage } from "@/hooks/use-rows-per-page";
import { cn } from "@/lib/utils";

export interface RowsPerPageProps {
  /** Defaults to the shared choice (local storage `rowsPerPage`). */
  value?: number;
  /** Called after the shared choice is saved, e.g. to return to page 1. */
  onValueChange?: (size: number) => void;
  className?: string;
}

/** The 'Linhas:' select. Every instance reads and writes the same shared page size. */
export function RowsPerPage({ value, onValueChange, className }: RowsPerPageProps) {
  const [shared, setShared] = useRowsPerPage();
  const labelId = useId();
  const size = value ?? shared;

  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Label id={labelId} className="text-sm font-medium whitespace-nowrap">
        Linhas:
      </Label>
      <Select
        value={String(size)}
        onValueChange={(next) => {
          const parsed = Number(next);
          setShared(parsed);
          onValueChange?.(parsed);
        }}
      >
        <SelectTrigger size="sm" aria-labelledby={labelId} className="w-[4.5rem]">
          <SelectValue />
        </SelectTrigger>
        <SelectContent side="top">
          {ROWS_PER_PAGE_OPTIONS.map((option) => (
            <SelectItem key={option} value={String(option)}>
              {option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
