import type { PicklistStatus, PickupStatus, ReturnStatus } from "@passo/domain";
import {
  CircleCheckIcon,
  CircleIcon,
  CircleXIcon,
  ClockIcon,
  HourglassIcon,
  Loader2Icon,
  PackageCheckIcon,
  TruckIcon,
  type LucideIcon,
} from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

export type FlowStatus = PicklistStatus | PickupStatus | ReturnStatus;

interface StatusLook {
  icon: LucideIcon;
  /** Names the icon in tests and styles (data-icon). */
  name: string;
  className: string;
}

const waiting: StatusLook = { icon: ClockIcon, name: "clock", className: "text-muted-foreground" };
const done: StatusLook = { icon: CircleCheckIcon, name: "check", className: "text-success" };
const failed: StatusLook = { icon: CircleXIcon, name: "cross", className: "text-destructive" };

/** The picklist icons are the product's; the pickup and return icons follow the same reading (waiting, moving, done, failed). */
const LOOKS: Record<FlowStatus, StatusLook> = {
  "Não iniciado": waiting,
  "Em andamento": {
    icon: Loader2Icon,
    name: "spinner",
    className: "animate-spin text-primary motion-reduce:animate-none",
  },
  Concluído: done,
  "Não concluído": failed,
  "Em trânsito": { icon: TruckIcon, name: "truck", className: "text-warning" },
  "Aguardando retirada": waiting,
  "Pedido retirado": done,
  "Devolução pendente": waiting,
  "Devolvido em loja física": { icon: PackageCheckIcon, name: "package-check", className: "text-primary" },
  "Devolução concluída": done,
  "Devolução expirada": { icon: HourglassIcon, name: "hourglass", className: "text-muted-foreground" },
  "Devolução recusada": failed,
};

const unknown: StatusLook = { icon: CircleIcon, name: "circle", className: "text-muted-foreground" };

export interface StatusBadgeProps {
  status: FlowStatus | (string & {});
  className?: string;
}

/** A picklist, pickup or return status: its text with an icon. */
export function StatusBadge({ status, className }: StatusBadgeProps) {
  const look = (LOOKS as Record<string, StatusLook | undefined>)[status] ?? unknown;
  const Icon = look.icon;
  return (
    <Badge variant="outline" data-status={status} className={cn("gap-1.5", className)}>
      <Icon aria-hidden="true" data-icon={look.name} className={look.className} />
      {status}
    </Badge>
  );
}
