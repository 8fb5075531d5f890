import { PicklistProcesses } from "@/features/picklists/components/picklist-processes";

export default function PicklistProcessRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PicklistProcesses />
    </div>
  );
}
