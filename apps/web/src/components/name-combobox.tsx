import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export interface NameComboboxProps {
  id?: string;
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  /** The names to choose from (store or recipient usernames). */
  options: readonly string[];
  loading?: boolean;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  /** The list's accessible name (default: the search placeholder). */
  label?: string;
  /** Offers an entry that clears the choice, for an optional field. */
  clearLabel?: string;
  disabled?: boolean;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
  "aria-labelledby"?: string;
}

/** A searchable list of names (Popover + Command); the name is both value and label. */
export function NameCombobox({
  id,
  value,
  onChange,
  onBlur,
  options,
  loading = false,
  placeholder,
  searchPlaceholder,
  emptyText,
  label,
  clearLabel,
  disabled,
  ...aria
}: NameComboboxProps) {
  const [open, setOpen] = useState(false);
  const listId = id ? `${id}-list` : undefined;
  const choose = (name: string) => {
    onChange(name);
    setOpen(false);
  };

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
          <span className="truncate">{value || placeholder}</span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        id={listId}
        className="w-(--radix-popover-trigger-width) min-w-56 p-0"
        align="start"
        onCloseAutoFocus={(event) => {
          // Focus goes back to this trigger when the list closes, unless the person has moved on: the
          // list fades out first, and a click on the next field in the meantime must keep its focus
          // (and its own list open).
          const active = document.activeElement;
          if (active && active !== document.body) event.preventDefault();
        }}
      >
        <Command label={label ?? searchPlaceholder}>
          <CommandInput placeholder={searchPlaceholder} />
          <CommandList>
            {loading ? (
              <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
                <Spinner aria-hidden="true" />
                Carregando...
              </div>
            ) : (
              <CommandEmpty>{emptyText}</CommandEmpty>
            )}
            <CommandGroup>
              {clearLabel && !loading && (
                <CommandItem value={`__clear__ ${clearLabel}`} onSelect={() => choose("")}>
                  <CheckIcon aria-hidden="true" className={cn(value === "" ? "opacity-100" : "opacity-0")} />
                  {clearLabel}
                </CommandItem>
              )}
              {options.map((name) => (
                <CommandItem key={name} value={name} onSelect={() => choose(name)}>
                  <CheckIcon aria-hidden="true" className={cn(name === value ? "opacity-100" : "opacity-0")} />
                  {name}
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
