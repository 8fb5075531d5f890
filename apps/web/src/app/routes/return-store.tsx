import { ReceiveReturns } from "@/features/returns/components/receive-returns";

export default function ReturnStoreRoute() {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Receber devolução</h1>
        <p className="text-sm text-muted-foreground">Pesquise a devolução pelo CPF do cliente ou pelo número do pedido.</p>
      </div>
      <ReceiveReturns />
    </div>
  );
}
