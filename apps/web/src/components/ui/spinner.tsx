import { Loader2Icon } from "lucide-react";

import { slotted } from "@/components/ui/slotted";

/** An accessible loading indicator: role="status" announces "Carregando" (override with aria-label). */
const Spinner = slotted(Loader2Icon, "spinner", "size-4 animate-spin", { role: "status", "aria-label": "Carregando" });

export { Spinner };
