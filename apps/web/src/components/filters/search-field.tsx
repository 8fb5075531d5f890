import { SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** The API refuses a longer search ('Pesquisa inválida.'). */
export const SEARCH_MAX_LENGTH = 40;

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name and the placeholder. */
  label: string;
  className?: string;
}

/** A list's search box. */
export function SearchField({ value, onChange, label, className }: SearchFieldProps) {
  return (
    <div className={cn("relative w-full sm:max-w-sm", className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
