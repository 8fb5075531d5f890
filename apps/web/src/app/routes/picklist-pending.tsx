import type { ScreenTexts } from "@/components/layout/page";
import { useSession } from "@/lib/session";
import { PendingPicklists } from "@/features/picklists/components/pending-picklists";

export default function PicklistPendingRoute(texts: ScreenTexts) {
  const { user } = useSession();
  return (
    <div className="flex flex-col gap-6">
      <PendingPicklists store={user?.username ?? ""} {...texts} />
    </div>
  );
}
