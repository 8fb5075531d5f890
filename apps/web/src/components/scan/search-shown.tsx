import { XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Under a scan field that also searches: what the table shows now, and the way back to the whole list
 * (the field empties after each scan, ready for the next one).
 */
export function SearchShown({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span>
        Resultados para <span className="font-mono text-foreground">{search}</span>
      </span>
      <Button type="button" variant="ghost" size="sm" onClick={onClear}>
        <XIcon aria-hidden="true" />
        Limpar busca
      </Button>
    </p>
  );
}
