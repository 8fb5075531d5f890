import { PendingPickups } from "@/features/pickups/components/pending-pickups";

export default function PickupPendingRoute() {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Iniciar retirada</h1>
        <p className="text-sm text-muted-foreground">Confirme o recebimento dos pedidos e a retirada pelo cliente ou por um terceiro autorizado.</p>
      </div>
      <PendingPickups />
    </div>
  );
}
