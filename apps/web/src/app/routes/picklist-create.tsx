import { Page } from "@/components/layout/page";
import { PicklistCreateForm } from "@/features/picklists/components/picklist-create-form";

export default function PicklistCreateRoute() {
  return (
    <Page title="Criar nova lista" description="Preencha o formulário abaixo para criar a lista de separação." className="mx-auto w-full max-w-3xl">
      <PicklistCreateForm />
    </Page>
  );
}
