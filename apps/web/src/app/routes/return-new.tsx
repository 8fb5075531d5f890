import { Page, type ScreenTexts } from "@/components/layout/page";
import { ReturnCreateForm } from "@/features/returns/components/return-create-form";

export default function ReturnNewRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description} className="mx-auto w-full max-w-4xl">
      <ReturnCreateForm />
    </Page>
  );
}
