import { PickupHistory } from "@/features/pickups/components/pickup-history";

export default function PickupHistoryStoreRoute() {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Histórico de retiradas</h1>
        <p className="text-sm text-muted-foreground">Consulte as retiradas da loja e aplique os filtros conforme necessário.</p>
      </div>
      <PickupHistory variant="store" />
    </div>
  );
}
