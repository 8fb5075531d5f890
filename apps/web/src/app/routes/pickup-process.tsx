import { PickupProcess } from "@/features/pickups/components/pickup-process";

export default function PickupProcessRoute() {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Processos de retirada</h1>
        <p className="text-sm text-muted-foreground">Acompanhe os pedidos em trânsito e os que aguardam retirada nas lojas.</p>
      </div>
      <PickupProcess />
    </div>
  );
}
