import { useState } from "react";
import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { useStores } from "@/hooks/use-stores";

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

/**
 * The store pickers of the picklist and pickup forms (spec 2.4, 2.6): a searchable list of the store
 * users; the username is both value and label. Name it with a label pointing at `id` or with aria-labelledby.
 */
export function StoreCombobox({ id, value, onChange, onBlur, disabled, ...aria }: StoreComboboxProps) {
  const [open, setOpen] = useState(false);
  const stores = useStores();
  const listId = id ? `${id}-list` : undefined;

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
          type="button"
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
            {stores.isPending ? (
              <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
                <Spinner aria-hidden="true" />
                Carregando...
              </div>
            ) : (
              <CommandEmpty>Nenhuma loja encontrada.</CommandEmpty>
            )}
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
