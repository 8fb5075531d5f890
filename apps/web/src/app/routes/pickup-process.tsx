import { Page, type ScreenTexts } from "@/components/layout/page";
import { PickupProcess } from "@/features/pickups/components/pickup-process";

export default function PickupProcessRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <PickupProcess />
    </Page>
  );
}
