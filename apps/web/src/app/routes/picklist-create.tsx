import { Page } from "@/components/layout/page";
import { PicklistCreateForm } from "@/features/picklists/components/picklist-create-form";
import { PicklistImportButton } from "@/features/picklists/components/picklist-import-dialog";

export default function PicklistCreateRoute() {
  return (
    <Page
      title="Criar nova lista"
      description="Preencha o formulário abaixo para criar a lista de separação."
      actions={<PicklistImportButton />}
      className="mx-auto w-full max-w-3xl"
    >
      <PicklistCreateForm />
    </Page>
  );
}
