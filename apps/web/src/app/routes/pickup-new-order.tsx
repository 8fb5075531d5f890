import { Page, type ScreenTexts } from "@/components/layout/page";
import { PickupForm } from "@/features/pickups/components/pickup-form";

export default function PickupNewOrderRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description} className="mx-auto w-full max-w-4xl">
      <PickupForm />
    </Page>
  );
}
