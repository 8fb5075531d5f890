import * as HoverCardPrimitive from "radix-ui/hover-card";

import { inPortal, slotted } from "@/components/ui/slotted";

/**
 * Preview on hover/focus for sighted mouse and keyboard users. Screen readers do not get it:
 * never put the only copy of important information or actions here.
 */
const HoverCard = slotted(HoverCardPrimitive.Root, "hover-card");
const HoverCardTrigger = slotted(HoverCardPrimitive.Trigger, "hover-card-trigger");

const HoverCardContent = inPortal(
  HoverCardPrimitive.Portal,
  slotted(
    HoverCardPrimitive.Content,
    "hover-card-content",
    [
      "z-50 w-64 origin-(--radix-hover-card-content-transform-origin) rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden",
      "data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 data-[side=bottom]:slide-in-from-top-2 data-[side=left]:slide-in-from-right-2 data-[side=right]:slide-in-from-left-2 data-[side=top]:slide-in-from-bottom-2",
    ],
    { align: "center", sideOffset: 4 },
  ),
  { "data-slot": "hover-card-portal" },
);

export { HoverCard, HoverCardTrigger, HoverCardContent };
