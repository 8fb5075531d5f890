import { ArrowRight, Laptop, Moon, Search, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "@/components/ui/command";
import type { NavGroup } from "./navigation";
import { useTheme } from "./theme-provider";

/** Ctrl/Cmd+K: jump to any screen of the user's menu; `others` ('Outros') ends with the theme's choices. */
export function CommandMenu({ groups, others }: { groups: NavGroup[]; others: NavGroup }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { setTheme } = useTheme();

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

  const run = (action: () => void) => {
    setOpen(false);
    action();
  };

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
      <CommandDialog open={open} onOpenChange={setOpen}>
        <CommandInput placeholder="Pesquise..." />
        <CommandList>
          <CommandEmpty>Nenhum resultado encontrado.</CommandEmpty>
          {groups.map((group) => (
            <CommandGroup key={group.title} heading={group.commandGroup}>
              {group.items.map((item) => (
                <CommandItem key={item.url} value={`${group.commandGroup} ${item.title}`} onSelect={() => run(() => navigate(item.url))}>
                  <ArrowRight aria-hidden="true" />
                  {item.title}
                </CommandItem>
              ))}
            </CommandGroup>
          ))}
          <CommandSeparator />
          <CommandGroup heading={others.commandGroup}>
            {others.items.map((item) => (
              <CommandItem key={item.url} value={`${others.commandGroup} ${item.title}`} onSelect={() => run(() => navigate(item.url))}>
                <item.icon aria-hidden="true" />
                {item.title}
              </CommandItem>
            ))}
            <CommandItem value="Outros Tema Light" onSelect={() => run(() => setTheme("light"))}>
              <Sun aria-hidden="true" /> Tema: Light
            </CommandItem>
            <CommandItem value="Outros Tema Dark" onSelect={() => run(() => setTheme("dark"))}>
              <Moon aria-hidden="true" /> Tema: Dark
            </CommandItem>
            <CommandItem value="Outros Tema System" onSelect={() => run(() => setTheme("system"))}>
              <Laptop aria-hidden="true" /> Tema: System
            </CommandItem>
          </CommandGroup>
        </CommandList>
      </CommandDialog>
    </>
  );
}
