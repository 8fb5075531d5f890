import type { ScreenTexts } from "@/components/layout/page";
import { PicklistHistory } from "@/features/picklists/components/picklist-history";

export default function PicklistHistoryStoreRoute({ title, description }: ScreenTexts) {
  return (
    <div className="flex flex-col gap-6">
      <PicklistHistory
        title={title}
        description={description}
        caption="Histórico de separações"
        storeFilter={false}
      />
    </div>
  );
}
