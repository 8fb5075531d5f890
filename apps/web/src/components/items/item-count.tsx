import { useEffect, useRef, useState, type PointerEvent } from "react";
import { CircleCheckIcon, CircleXIcon } from "lucide-react";

import { CopyButton } from "@/components/feedback/copy-button";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

const HOVER_OPEN_MS = 200;
const HOVER_CLOSE_MS = 300;

export interface ItemCountProps {
  items: readonly string[];
  completedItems?: readonly string[];
  uncompletedItems?: readonly string[];
  /** A finished list marks each item separated or not; an open one lists them plainly. */
  finished?: boolean;
  /** Also open while a mouse rests on the count (the history tables); a click or Enter always works. */
  openOnHover?: boolean;
  title?: string;
  className?: string;
}

function countLabel(count: number) {
  return count === 1 ? "1 item" : `${count} itens`;
}

/**
 * Each item of a finished list, separated or not found, one occurrence at a time: a product listed
 * twice and separated once shows once of each.
 */
function itemMarks(items: readonly string[], completed: readonly string[], uncompleted: readonly string[]) {
  const left = (list: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const item of list) counts.set(item, (counts.get(item) ?? 0) + 1);
    return counts;
  };
  const separatedLeft = left(completed);
  const notFoundLeft = left(uncompleted);
  return items.map((item) => {
    for (const [counts, mark] of [[separatedLeft, "separated"], [notFoundLeft, "notFound"]] as const) {
      const count = counts.get(item) ?? 0;
      if (count === 0) continue;
      counts.set(item, count - 1);
      return mark;
    }
    return undefined;
  });
}

/**
 * The Itens cell: the count, opening a list of the items with a copy button each. It is a Popover
 * (not a HoverCard) so touch, keyboard and screen-reader users reach the list and its buttons too.
 */
export function ItemCount({
  items,
  completedItems,
  uncompletedItems,
  finished = false,
  openOnHover = true,
  title = "Itens",
  className,
}: ItemCountProps) {
  const [open, setOpen] = useState(false);
  // Opened by the mouse resting on it: leaving closes it, and focus stays where it was.
  const [byHover, setByHover] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const marked = finished && (completedItems !== undefined || uncompletedItems !== undefined);
  const marks = marked ? itemMarks(items, completedItems ?? [], uncompletedItems ?? []) : [];

  const hoverHandlers = openOnHover
    ? {
        onPointerEnter: (event: PointerEvent) => {
          if (event.pointerType !== "mouse") return;
          clearTimeout(timer.current);
          if (open) return;
          timer.current = setTimeout(() => {
            setByHover(true);
            setOpen(true);
          }, HOVER_OPEN_MS);
        },
        onPointerLeave: (event: PointerEvent) => {
          if (event.pointerType !== "mouse") return;
          clearTimeout(timer.current);
          if (!byHover) return;
          timer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_MS);
        },
      }
    : {};

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        clearTimeout(timer.current);
        setOpen(next);
        setByHover(false);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={countLabel(items.length)}
          className={cn("underline decoration-dotted underline-offset-4", className)}
          onClick={(event) => {
            // Clicking a list the mouse opened keeps it open (pins it) instead of closing it.
            if (open && byHover) {
              event.preventDefault();
              clearTimeout(timer.current);
              setByHover(false);
            }
          }}
          {...hoverHandlers}
        >
          {items.length}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        className="w-80 p-3"
        onOpenAutoFocus={(event) => {
          if (byHover) event.preventDefault();
        }}
        {...hoverHandlers}
      >
        <p className="mb-2 text-sm font-medium">{title}</p>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum item.</p>
        ) : (
          <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" aria-label={title}>
            {items.map((item, index) => (
              <li key={index} className="flex items-center gap-2 text-sm">
                {marks[index] === "separated" && (
                  <>
                    <CircleCheckIcon aria-hidden="true" data-icon="check" className="size-4 shrink-0 text-success" />
                    <span className="sr-only">separado</span>
                  </>
                )}
                {marks[index] === "notFound" && <CircleXIcon aria-hidden="true" data-icon="cross" className="size-4 shrink-0 text-destructive" />}
                <span className="min-w-0 flex-1 break-words">{item}</span>
                {marks[index] === "notFound" && <span className="shrink-0 text-xs font-medium text-destructive">Não encontrado</span>}
                <CopyButton value={item} variant="code" label={`Copiar código de ${item}`} />
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
