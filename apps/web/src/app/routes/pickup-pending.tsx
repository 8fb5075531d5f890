import { Page, type ScreenTexts } from "@/components/layout/page";
import { PendingPickups } from "@/features/pickups/components/pending-pickups";

export default function PickupPendingRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <PendingPickups />
    </Page>
  );
}
