import type * as React from "react";
import * as SheetPrimitive from "radix-ui/dialog";
import { XIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";

/** A Dialog that slides in from a screen edge. Needs a SheetTitle (sr-only is fine) inside SheetContent. */
const Sheet = slotted(SheetPrimitive.Root, "sheet");
const SheetTrigger = slotted(SheetPrimitive.Trigger, "sheet-trigger");
const SheetClose = slotted(SheetPrimitive.Close, "sheet-close");
const SheetPortal = slotted(SheetPrimitive.Portal, "sheet-portal");
const SheetOverlay = slotted(
  SheetPrimitive.Overlay,
  "sheet-overlay",
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0",
);

function SheetContent({
  className,
  children,
  side = "right",
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & {
  side?: "top" | "right" | "bottom" | "left";
  /** Shows the corner "X" button (labelled "Fechar" for screen readers). */
  showCloseButton?: boolean;
}) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(
          "fixed z-50 flex flex-col gap-4 bg-background shadow-lg transition ease-in-out outline-none data-[state=closed]:animate-out data-[state=closed]:duration-300 data-[state=open]:animate-in data-[state=open]:duration-500",
          side === "right" &&
            "inset-y-0 right-0 h-full w-3/4 border-l data-[state=closed]:slide-out-to-right data-[state=open]:slide-in-from-right sm:max-w-sm",
          side === "left" &&
            "inset-y-0 left-0 h-full w-3/4 border-r data-[state=closed]:slide-out-to-left data-[state=open]:slide-in-from-left sm:max-w-sm",
          side === "top" &&
            "inset-x-0 top-0 h-auto border-b data-[state=closed]:slide-out-to-top data-[state=open]:slide-in-from-top",
          side === "bottom" &&
            "inset-x-0 bottom-0 h-auto border-t data-[state=closed]:slide-out-to-bottom data-[state=open]:slide-in-from-bottom",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <SheetPrimitive.Close
            data-slot="sheet-close"
            className="absolute top-4 right-4 rounded-xs opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden disabled:pointer-events-none data-[state=open]:bg-secondary"
          >
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Fechar</span>
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPortal>
  );
}

const SheetHeader = slotted("div", "sheet-header", "flex flex-col gap-1.5 p-4");
const SheetFooter = slotted("div", "sheet-footer", "mt-auto flex flex-col gap-2 p-4");
const SheetTitle = slotted(SheetPrimitive.Title, "sheet-title", "font-semibold text-foreground");
const SheetDescription = slotted(SheetPrimitive.Description, "sheet-description", "text-sm text-muted-foreground");

export { Sheet, SheetTrigger, SheetClose, SheetContent, SheetHeader, SheetFooter, SheetTitle, SheetDescription };
