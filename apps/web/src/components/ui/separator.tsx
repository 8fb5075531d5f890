import * as SeparatorPrimitive from "radix-ui/separator";

import { slotted } from "@/components/ui/slotted";

/** Decorative by default (hidden from assistive tech); pass decorative={false} for a semantic separator. */
const Separator = slotted(
  SeparatorPrimitive.Root,
  "separator",
  "shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px",
  { decorative: true, orientation: "horizontal" },
);

export { Separator };
