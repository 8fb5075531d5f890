import { PageHeader } from "@/components/layout/page-header";
import { PicklistCreateForm } from "@/features/picklists/components/picklist-create-form";

export default function PicklistCreateRoute() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="Criar nova lista" description="Preencha o formulário abaixo para criar a lista de separação." />
      <PicklistCreateForm />
    </div>
  );
}
