import { Page, type ScreenTexts } from "@/components/layout/page";
import { PickupHistory } from "@/features/pickups/components/pickup-history";

export default function PickupHistoryStoreRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <PickupHistory variant="store" />
    </Page>
  );
}
