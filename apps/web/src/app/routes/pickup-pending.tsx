import { Page } from "@/components/layout/page";
import { PendingPickups } from "@/features/pickups/components/pending-pickups";
import { PENDING_PICKUPS_PAGE } from "@/features/pickups/pending-page";

export default function PickupPendingRoute() {
  return (
    <Page title={PENDING_PICKUPS_PAGE.title} description={PENDING_PICKUPS_PAGE.description}>
      <PendingPickups />
    </Page>
  );
}
