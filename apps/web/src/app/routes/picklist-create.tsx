import { Page, type ScreenTexts } from "@/components/layout/page";
import { PicklistCreateForm } from "@/features/picklists/components/picklist-create-form";
import { PicklistImportButton } from "@/features/picklists/components/picklist-import-dialog";

export default function PicklistCreateRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}
      actions={<PicklistImportButton />}
      className="mx-auto w-full max-w-3xl"
    >
      <PicklistCreateForm />
    </Page>
  );
}
