import type * as React from "react";
import * as AlertDialogPrimitive from "radix-ui/alert-dialog";

import { useReturnFocusToScanField } from "@/lib/scan-focus";
import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";
import { buttonVariants } from "@/components/ui/button";

const AlertDialog = slotted(AlertDialogPrimitive.Root, "alert-dialog");
const AlertDialogTrigger = slotted(AlertDialogPrimitive.Trigger, "alert-dialog-trigger");
const AlertDialogPortal = slotted(AlertDialogPrimitive.Portal, "alert-dialog-portal");
const AlertDialogOverlay = slotted(
  AlertDialogPrimitive.Overlay,
  "alert-dialog-overlay",
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0",
);

/** Needs an AlertDialogTitle and an AlertDialogDescription inside; focus starts on AlertDialogCancel. */
function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const focus = useReturnFocusToScanField({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(
          "fixed top-[50%] left-[50%] z-50 grid w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 rounded-lg border bg-background p-6 shadow-lg duration-200 outline-none sm:max-w-lg",
          "data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95",
          className,
        )}
        {...props}
        {...focus}
      />
    </AlertDialogPortal>
  );
}

const AlertDialogHeader = slotted("div", "alert-dialog-header", "flex flex-col gap-2 text-center sm:text-left");
const AlertDialogFooter = slotted("div", "alert-dialog-footer", "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end");
const AlertDialogTitle = slotted(AlertDialogPrimitive.Title, "alert-dialog-title", "text-lg font-semibold break-words");
const AlertDialogDescription = slotted(
  AlertDialogPrimitive.Description,
  "alert-dialog-description",
  "text-sm break-words text-muted-foreground",
);

function AlertDialogAction({
  className,
  variant = "default",
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: "default" | "destructive" }) {
  return (
    <AlertDialogPrimitive.Action
      data-slot="alert-dialog-action"
      className={cn(buttonVariants({ variant }), className)}
      {...props}
    />
  );
}

const AlertDialogCancel = slotted(AlertDialogPrimitive.Cancel, "alert-dialog-cancel", buttonVariants({ variant: "outline" }));

export {
  AlertDialog,
  AlertDialogPortal,
  AlertDialogOverlay,
  AlertDialogTrigger,
  AlertDialogContent,
  AlertDialogHeader,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogDescription,
  AlertDialogAction,
  AlertDialogCancel,
};
