import * as React from "react";
import type { ClassValue } from "clsx";

import { cn } from "@/lib/utils";

/** Props every instance gets before the caller's own: data-* attributes, roles, defaults the caller may override. */
type FixedProps<C extends React.ElementType> = Partial<React.ComponentProps<C>> & { [attribute: `data-${string}`]: string };

/** "card-header" → "CardHeader": the name React DevTools and error messages show. */
const pascalCase = (slot: string) => slot.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/**
 * The shadcn wrapper with no logic of its own, in one line: `Component` rendered with
 * `data-slot={slot}`, then the `fixed` props, then `classes` merged with the caller's className
 * (cn: a caller's conflicting Tailwind class wins), then the caller's props, which win over `fixed`.
 * Without `classes` the caller's props pass through untouched (no className key: Radix's Slot would turn
 * an undefined one into an empty class attribute).
 * Refs pass through as props (React 19). Kept free of Radix: the login page's components use it too.
 */
export function slotted<C extends React.ElementType>(Component: C, slot: string, classes?: ClassValue, fixed?: FixedProps<C>) {
  function Slotted(props: React.ComponentProps<C>) {
    if (classes === undefined) return React.createElement(Component, { "data-slot": slot, ...fixed, ...props });
    const { className, ...rest } = props as { className?: string };
    return React.createElement(Component, { "data-slot": slot, ...fixed, className: cn(classes, className), ...rest });
  }
  Slotted.displayName = pascalCase(slot);
  return Slotted as (props: React.ComponentProps<C>) => React.ReactElement;
}

/**
 * A Radix popup's content rendered inside its portal (at the end of <body>): the caller's props reach
 * `Content`; `portalProps` (a data-slot, say) reach the portal.
 */
export function inPortal<P extends object>(
  Portal: React.ElementType,
  Content: (props: P) => React.ReactElement,
  portalProps?: Record<string, unknown>,
) {
  function Portalled(props: P) {
    return React.createElement(Portal, portalProps, React.createElement(Content, props));
  }
  Portalled.displayName = (Content as { displayName?: string }).displayName;
  return Portalled;
}
