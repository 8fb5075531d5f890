import { Page, type ScreenTexts } from "@/components/layout/page";
import { StoreReturnHistory } from "@/features/returns/components/return-history";

export default function ReturnHistoryStoreRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <StoreReturnHistory />
    </Page>
  );
}
