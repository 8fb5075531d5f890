import { PicklistHistory } from "@/features/picklists/components/picklist-history";

export default function PicklistShipmentHistoryRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PicklistHistory
        title="Historico de envios"
        description="Gerencie o histórico de envios e aplique os filtros conforme necessário."
        caption="Histórico de envio"
        storeFilter
      />
    </div>
  );
}
