import { Search } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { NavGroup } from "./navigation";

// The dialog and cmdk load when the search is first opened, not with every screen.
const CommandMenuDialog = lazy(() => import("./command-menu-dialog"));

/** Ctrl/Cmd+K: jump to any screen of the user's menu; `others` ('Outros') ends with the theme's choices. */
export function CommandMenu({ groups, others }: { groups: NavGroup[]; others: NavGroup }) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so that it closes as it opens (its animation, the focus back).
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen((o) => !o);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        className="relative h-8 w-9 justify-start gap-2 px-2 text-sm font-normal text-muted-foreground sm:w-56 sm:pr-12"
        onClick={() => setOpen(true)}
      >
        <Search className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Pesquise...</span>
        <kbd className="pointer-events-none absolute right-1.5 hidden h-5 items-center gap-1 rounded border bg-muted px-1.5 font-mono text-[10px] font-medium select-none sm:flex">
          Ctrl K
        </kbd>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <CommandMenuDialog open={open} onOpenChange={setOpen} groups={groups} others={others} />
        </Suspense>
      )}
    </>
  );
}
