import { useState } from "react";
import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { useStores } from "../api/get-stores";

export interface StoreComboboxProps {
  id?: string;
  value: string;
  onChange: (store: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-labelledby"?: string;
}

/** The searchable store picker of the pickup forms (spec 2.6): the 'Usuário básico' accounts by name. */
export function StoreCombobox({ id, value, onChange, onBlur, disabled, ...aria }: StoreComboboxProps) {
  const [open, setOpen] = useState(false);
  const stores = useStores();
  const listId = `${id ?? "store"}-list`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          disabled={disabled}
          className={cn("w-full justify-between font-normal", !value && "text-muted-foreground")}
          {...aria}
        >
          <span className="truncate">{value || "Selecione a loja..."}</span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent id={listId} className="w-(--radix-popover-trigger-width) min-w-56 p-0" align="start">
        <Command label="Lojas">
          <CommandInput placeholder="Pesquise a loja..." />
          <CommandList>
            <CommandEmpty>{stores.isPending ? "Carregando..." : "Nenhuma loja encontrada."}</CommandEmpty>
            <CommandGroup>
              {(stores.data ?? []).map((store) => (
                <CommandItem
                  key={store}
                  value={store}
                  onSelect={() => {
                    onChange(store);
                    setOpen(false);
                  }}
                >
                  <CheckIcon aria-hidden="true" className={cn(store === value ? "opacity-100" : "opacity-0")} />
                  {store}
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
