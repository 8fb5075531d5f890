import { Page } from "@/components/layout/page";
import { ReturnCreateForm } from "@/features/returns/components/return-create-form";

export default function ReturnNewRoute() {
  return (
    <Page title="Criar nova devolução" description="Preencha o formulário abaixo para criar a devolução." className="mx-auto w-full max-w-4xl">
      <ReturnCreateForm />
    </Page>
  );
}
