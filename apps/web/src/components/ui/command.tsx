import type * as React from "react";
import { Command as CommandPrimitive } from "cmdk";
import { SearchIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

type CommandProps = React.ComponentProps<typeof CommandPrimitive>;

/**
 * cmdk list with type-ahead filtering and arrow-key navigation. `label` names the search input for
 * screen readers (cmdk renders it as a visually hidden <label>).
 */
const Command = slotted(
  CommandPrimitive,
  "command",
  "flex h-full w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground",
  { label: "Pesquisar" },
);

type CommandDialogProps = React.ComponentProps<typeof Dialog> & {
  /** Dialog title, read by screen readers (visually hidden). */
  title?: string;
  /** Dialog description, read by screen readers (visually hidden). */
  description?: string;
  className?: string;
  showCloseButton?: boolean;
  /** Props for the inner <Command> (e.g. filter, shouldFilter, loop, label). */
  commandProps?: Omit<CommandProps, "children">;
};

function CommandDialog({
  title = "Paleta de comandos",
  description = "Digite para pesquisar um comando ou uma página.",
  children,
  className,
  showCloseButton = true,
  commandProps,
  ...props
}: CommandDialogProps) {
  return (
    <Dialog {...props}>
      <DialogContent className={cn("overflow-hidden p-0", className)} showCloseButton={showCloseButton}>
        <DialogHeader className="sr-only">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Command
          label={title}
          {...commandProps}
          className={cn(
            "**:data-[slot=command-input-wrapper]:h-12 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group]]:px-2 [&_[cmdk-group]:not([hidden])_~[cmdk-group]]:pt-0 [&_[cmdk-input]]:h-12 [&_[cmdk-item]]:px-2 [&_[cmdk-item]]:py-3 [&_[data-slot=command-input-wrapper]_svg]:size-5 [&_[cmdk-item]_svg]:size-5",
            commandProps?.className,
          )}
        >
          {children}
        </Command>
      </DialogContent>
    </Dialog>
  );
}

type CommandInputProps = React.ComponentProps<typeof CommandPrimitive.Input>;

function CommandInput({ className, ...props }: CommandInputProps) {
  return (
    <div data-slot="command-input-wrapper" className="flex h-9 items-center gap-2 border-b px-3">
      <SearchIcon className="size-4 shrink-0 opacity-50" aria-hidden="true" />
      <CommandPrimitive.Input
        data-slot="command-input"
        className={cn(
          "flex h-10 w-full rounded-md bg-transparent py-3 text-sm outline-hidden placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50",
          className,
        )}
        {...props}
      />
    </div>
  );
}

type CommandListProps = React.ComponentProps<typeof CommandPrimitive.List>;

/** Scrolls past 300 px. */
const CommandList = slotted(CommandPrimitive.List, "command-list", "max-h-[300px] scroll-py-1 overflow-x-hidden overflow-y-auto");

type CommandEmptyProps = React.ComponentProps<typeof CommandPrimitive.Empty>;

/** Shown only when the filter leaves no item; defaults to "Nenhum resultado encontrado." */
function CommandEmpty({ className, children = "Nenhum resultado encontrado.", ...props }: CommandEmptyProps) {
  return (
    <CommandPrimitive.Empty data-slot="command-empty" className={cn("py-6 text-center text-sm", className)} {...props}>
      {children}
    </CommandPrimitive.Empty>
  );
}

type CommandGroupProps = React.ComponentProps<typeof CommandPrimitive.Group>;

const CommandGroup = slotted(
  CommandPrimitive.Group,
  "command-group",
  "overflow-hidden p-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground",
);

type CommandSeparatorProps = React.ComponentProps<typeof CommandPrimitive.Separator>;

const CommandSeparator = slotted(CommandPrimitive.Separator, "command-separator", "-mx-1 h-px bg-border");

type CommandItemProps = React.ComponentProps<typeof CommandPrimitive.Item>;

const CommandItem = slotted(
  CommandPrimitive.Item,
  "command-item",
  "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground",
);

type CommandShortcutProps = React.ComponentProps<"span">;

const CommandShortcut = slotted("span", "command-shortcut", "ml-auto text-xs tracking-widest text-muted-foreground");

export {
  Command,
  CommandDialog,
  CommandInput,
  CommandList,
  CommandEmpty,
  CommandGroup,
  CommandItem,
  CommandShortcut,
  CommandSeparator,
};

export type {
  CommandProps,
  CommandDialogProps,
  CommandInputProps,
  CommandListProps,
  CommandEmptyProps,
  CommandGroupProps,
  CommandSeparatorProps,
  CommandItemProps,
  CommandShortcutProps,
};
