import type { ScreenTexts } from "@/components/layout/page";
import { PicklistProcesses } from "@/features/picklists/components/picklist-processes";

export default function PicklistProcessRoute(texts: ScreenTexts) {
  return (
    <div className="flex flex-col gap-6">
      <PicklistProcesses {...texts} />
    </div>
  );
}
