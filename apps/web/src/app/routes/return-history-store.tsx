import { StoreReturnHistory } from "@/features/returns/components/return-history";

export default function ReturnHistoryStoreRoute() {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Histórico de devoluções</h1>
        <p className="text-sm text-muted-foreground">
          Consulte as devoluções recebidas ou recusadas pela loja e aplique os filtros conforme necessário.
        </p>
      </div>
      <StoreReturnHistory />
    </div>
  );
}
