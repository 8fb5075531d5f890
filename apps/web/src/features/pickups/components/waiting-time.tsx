import { waitedDays } from "@passo/domain";
import { Badge } from "@/components/ui/badge";
import type { PickupView } from "../api/get-pickups";

/** 'Aguardando há 4 dias', from when the order became 'Aguardando retirada'. */
export function waitingText(days: number): string {
  if (days === 0) return "Aguardando há menos de 1 dia";
  return days === 1 ? "Aguardando há 1 dia" : `Aguardando há ${days} dias`;
}

/** How long a waiting pickup has waited, and 'Atrasado' past the pickup deadline; nothing for the others. */
export function WaitingTime({ pickup, now = new Date() }: { pickup: PickupView; now?: Date }) {
  if (!pickup.waitingSince) return null;
  const days = waitedDays(new Date(pickup.waitingSince), now) ?? 0;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
      {waitingText(days)}
      {pickup.overdue && <Badge variant="destructive">Atrasado</Badge>}
    </span>
  );
}
