import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export interface ComboboxOption {
  value: string;
  label: string;
  /** The text the search matches, unique in the list (default: the label). */
  searchValue?: string;
}

export interface ComboboxProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly ComboboxOption[];
  loading?: boolean;
  /**
   * Where loading shows: a 'Carregando...' status in the list (default, which also hides the clear
   * entry), or a spinner in place of the trigger's chevron.
   */
  loadingIn?: "list" | "trigger";
  /** Shown on the trigger while nothing is chosen. */
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  /** The list's accessible name (default: the search placeholder). */
  label?: string;
  /** Offers an entry that clears the choice, for an optional field. */
  clearLabel?: string;
  disabled?: boolean;
  /** Classes added to the trigger (e.g. its width). */
  className?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
  "aria-labelledby"?: string;
}

/**
 * A searchable picker (Popover + Command) on a trigger button with role combobox. A value that is not
 * among the options (a stored one not loaded yet) still shows as it is. Name it with a label pointing
 * at `id` or with aria-labelledby.
 */
export function Combobox({
  id,
  value,
  onChange,
  onBlur,
  options,
  loading = false,
  loadingIn = "list",
  placeholder,
  searchPlaceholder,
  emptyText,
  label,
  clearLabel,
  disabled,
  className,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const autoListId = useId();
  const listId = id ? `${id}-list` : autoListId;
  const chosen = options.find((option) => option.value === value)?.label ?? (value || undefined);
  const loadingList = loading && loadingIn === "list";
  const choose = (next: string) => {
    onChange(next);
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
          className={cn("w-full justify-between font-normal", className, !chosen && "text-muted-foreground")}
          {...aria}
        >
          <span className="truncate">{chosen ?? placeholder}</span>
          {loading && loadingIn === "trigger" ? (
            <Spinner aria-hidden="true" />
          ) : (
            <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
          )}
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
            {loadingList ? (
              <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
                <Spinner aria-hidden="true" />
                Carregando...
              </div>
            ) : (
              <CommandEmpty>{emptyText}</CommandEmpty>
            )}
            <CommandGroup>
              {clearLabel && !loadingList && (
                <CommandItem value={`__clear__ ${clearLabel}`} onSelect={() => choose("")}>
                  <CheckIcon aria-hidden="true" className={cn(value === "" ? "opacity-100" : "opacity-0")} />
                  {clearLabel}
                </CommandItem>
              )}
              {options.map((option) => (
                <CommandItem
                  key={option.value}
                  value={option.searchValue ?? option.label}
                  onSelect={() => choose(option.value)}
                >
                  <CheckIcon aria-hidden="true" className={cn(option.value === value ? "opacity-100" : "opacity-0")} />
                  {option.label}
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
