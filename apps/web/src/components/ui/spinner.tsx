import type * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "@/lib/utils";

/** An accessible loading indicator: role="status" announces "Carregando" (override with aria-label). */
function Spinner({ className, ...props }: React.ComponentProps<"svg">) {
  return (
    <Loader2Icon
      data-slot="spinner"
      role="status"
      aria-label="Carregando"
      className={cn("size-4 animate-spin", className)}
      {...props}
    />
  );
}

export { Spinner };
