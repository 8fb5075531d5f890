import type * as React from "react";
import * as TooltipPrimitive from "radix-ui/tooltip";

import { cn } from "@/lib/utils";
import { slotted } from "@/components/ui/slotted";

/**
 * Put one TooltipProvider near the root of the app (SidebarProvider already includes one).
 * Defaults: 700 ms before the first tooltip opens, then tooltips opened within
 * 300 ms of the previous one closing appear at once.
 */
const TooltipProvider = slotted(TooltipPrimitive.Provider, "tooltip-provider", undefined, {
  delayDuration: 700,
  skipDelayDuration: 300,
});

/** Must be inside a TooltipProvider (Radix throws otherwise). */
const Tooltip = slotted(TooltipPrimitive.Root, "tooltip");
const TooltipTrigger = slotted(TooltipPrimitive.Trigger, "tooltip-trigger");

function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          "z-50 w-fit origin-(--radix-tooltip-content-transform-origin) rounded-md bg-primary px-3 py-1.5 text-xs text-balance text-primary-foreground",
          "animate-in fade-in-0 zoom-in-95 data-[side=bottom]:slide-in-from-top-2 data-[side=left]:slide-in-from-right-2 data-[side=right]:slide-in-from-left-2 data-[side=top]:slide-in-from-bottom-2 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95",
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="z-50 size-2.5 translate-y-[calc(-50%_-_2px)] rotate-45 rounded-[2px] bg-primary fill-primary" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

export { Tooltip, TooltipTrigger, TooltipContent, TooltipProvider };
