import * as PopoverPrimitive from "radix-ui/popover";

import { inPortal, slotted } from "@/components/ui/slotted";

const Popover = slotted(PopoverPrimitive.Root, "popover");
const PopoverTrigger = slotted(PopoverPrimitive.Trigger, "popover-trigger");

const PopoverContent = inPortal(
  PopoverPrimitive.Portal,
  slotted(
    PopoverPrimitive.Content,
    "popover-content",
    [
      "z-50 w-72 origin-(--radix-popover-content-transform-origin) rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden",
      "data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 data-[side=bottom]:slide-in-from-top-2 data-[side=left]:slide-in-from-right-2 data-[side=right]:slide-in-from-left-2 data-[side=top]:slide-in-from-bottom-2",
    ],
    { align: "center", sideOffset: 4 },
  ),
);

const PopoverAnchor = slotted(PopoverPrimitive.Anchor, "popover-anchor");

export { Popover, PopoverTrigger, PopoverContent, PopoverAnchor };
