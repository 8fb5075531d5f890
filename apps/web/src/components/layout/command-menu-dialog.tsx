import { ArrowRight, Laptop, Moon, Sun } from "lucide-react";
import { useNavigate } from "react-router";
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

/** The command search's dialog (components/layout/command-menu.tsx loads it when first opened, with cmdk). */
export default function CommandMenuDialog({
  open,
  onOpenChange,
  groups,
  others,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: NavGroup[];
  others: NavGroup;
}) {
  const navigate = useNavigate();
  const { setTheme } = useTheme();

  const run = (action: () => void) => {
    onOpenChange(false);
    action();
  };

  return (
    <CommandDialog open={open} onOpenChange={onOpenChange}>
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
  );
}
