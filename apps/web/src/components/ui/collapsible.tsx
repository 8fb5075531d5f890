import * as CollapsiblePrimitive from "radix-ui/collapsible";

import { slotted } from "@/components/ui/slotted";

const Collapsible = slotted(CollapsiblePrimitive.Root, "collapsible");
/** Sets aria-expanded / aria-controls on its button. */
const CollapsibleTrigger = slotted(CollapsiblePrimitive.CollapsibleTrigger, "collapsible-trigger");
const CollapsibleContent = slotted(CollapsiblePrimitive.CollapsibleContent, "collapsible-content");

export { Collapsible, CollapsibleTrigger, CollapsibleContent };
