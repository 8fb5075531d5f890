import type * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A pulsing placeholder. It is aria-hidden: announce loading once on the container instead
 * (aria-busy="true", or a <Spinner /> / sr-only "Carregando" text).
 */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-accent motion-reduce:animate-none", className)}
      {...props}
    />
  );
}

export { Skeleton };
