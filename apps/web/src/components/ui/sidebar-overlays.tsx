import * as React from "react";

import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { useFocusOnMount } from "@/hooks/use-focus-on-mount";

// The sidebar's overlays, a chunk loaded after the page (sidebar.tsx): the phone's sheet (Radix's dialog)
// and the tooltips of the icons the collapsed sidebar shows (Radix's tooltip and its positioning). A closed
// sheet draws nothing, and a tooltip nothing until it opens, so the page looks the same before they arrive.

/** The sidebar under 768 px: a sheet over the screen, opened from the header's button or Ctrl+B. */
export function SidebarSheet({
  open,
  onOpenChange,
  mobileTitle,
  children,
  ...props
}: React.ComponentProps<typeof SheetContent> & { open: boolean; onOpenChange: (open: boolean) => void; mobileTitle: string }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent {...props}>
        <SheetHeader className="sr-only">
          <SheetTitle>{mobileTitle}</SheetTitle>
          <SheetDescription>Navegação principal do sistema.</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}

/**
 * The tooltip is only useful while the labels are hidden. It stays in the tree (held closed) rather than
 * being removed, so toggling the sidebar does not remount the button and lose focus; held closed, it also
 * cannot swallow the Escape meant for the mobile Sheet. Arriving after the page, it takes the focus its
 * button had (`focusOnMount`). Each has its own provider: one around the whole shell would have to be
 * there from the first render.
 */
export function MenuButtonTooltip({
  disabled,
  content,
  focusOnMount,
  children,
}: {
  disabled: boolean;
  content: React.ComponentProps<typeof TooltipContent>;
  focusOnMount: boolean;
  children: React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  const focusRef = useFocusOnMount(focusOnMount);

  return (
    <TooltipProvider>
      <Tooltip open={open && !disabled} onOpenChange={setOpen}>
        <TooltipTrigger asChild ref={focusRef}>
          {children}
        </TooltipTrigger>
        <TooltipContent side="right" align="center" {...content} />
      </Tooltip>
    </TooltipProvider>
  );
}
