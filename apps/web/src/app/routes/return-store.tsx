import { Page, type ScreenTexts } from "@/components/layout/page";
import { ReceiveReturns } from "@/features/returns/components/receive-returns";

export default function ReturnStoreRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <ReceiveReturns />
    </Page>
  );
}
