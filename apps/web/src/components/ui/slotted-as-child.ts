import * as React from "react";
import * as Slot from "radix-ui/slot";
import type { ClassValue } from "clsx";

import { slotted } from "@/components/ui/slotted";

type Tag = "a" | "button" | "div";

/**
 * `slotted` with shadcn's `asChild`: renders `tag`, or with asChild its single child (a router <Link>,
 * a <main>…) with the same data-slot, props and classes merged in. Apart from `slotted` because it
 * pulls in Radix, which the login page does not load.
 */
export function slottedAsChild<T extends Tag>(tag: T, slot: string, classes: ClassValue, fixed?: Record<`data-${string}`, string>) {
  const Plain = slotted(tag as Tag, slot, classes, fixed) as React.ElementType;
  const Child = slotted(Slot.Root, slot, classes, fixed) as React.ElementType;
  function AsChild({ asChild = false, ...props }: React.ComponentProps<T> & { asChild?: boolean }) {
    return React.createElement(asChild ? Child : Plain, props);
  }
  AsChild.displayName = (Plain as { displayName?: string }).displayName;
  return AsChild;
}
