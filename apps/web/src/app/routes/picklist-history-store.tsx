import { PicklistHistory } from "@/features/picklists/components/picklist-history";

export default function PicklistHistoryStoreRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PicklistHistory
        title="Histórico de separações"
        description="Consulte as listas de separação da loja e aplique os filtros conforme necessário."
        caption="Histórico de separações"
        storeFilter={false}
      />
    </div>
  );
}
