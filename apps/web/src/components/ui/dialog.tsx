import type * as React from "react";
import * as DialogPrimitive from "radix-ui/dialog";
import { XIcon } from "lucide-react";

import { useReturnFocusToScanField } from "@/lib/scan-focus";
import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";

const Dialog = slotted(DialogPrimitive.Root, "dialog");
const DialogTrigger = slotted(DialogPrimitive.Trigger, "dialog-trigger");
const DialogPortal = slotted(DialogPrimitive.Portal, "dialog-portal");
const DialogClose = slotted(DialogPrimitive.Close, "dialog-close");
const DialogOverlay = slotted(
  DialogPrimitive.Overlay,
  "dialog-overlay",
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0",
);

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Shows the corner "X" button (labelled "Fechar" for screen readers). */
  showCloseButton?: boolean;
};

function DialogContent({ className, children, showCloseButton = true, onOpenAutoFocus, onCloseAutoFocus, ...props }: DialogContentProps) {
  const focus = useReturnFocusToScanField({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg duration-200 outline-none sm:max-w-lg",
          "data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95",
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className="absolute top-4 right-4 rounded-xs opacity-70 ring-offset-background transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden disabled:pointer-events-none data-[state=open]:bg-accent data-[state=open]:text-muted-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Fechar</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

const DialogHeader = slotted("div", "dialog-header", "flex flex-col gap-2 text-center sm:text-left");
const DialogFooter = slotted("div", "dialog-footer", "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end");
const DialogTitle = slotted(DialogPrimitive.Title, "dialog-title", "text-lg leading-none font-semibold");
const DialogDescription = slotted(DialogPrimitive.Description, "dialog-description", "text-sm text-muted-foreground");

export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
};
