import { Page } from "@/components/layout/page";
import { PickupForm } from "@/features/pickups/components/pickup-form";

export default function PickupNewOrderRoute() {
  return (
    <Page title="Criar nova retirada" description="Preencha o formulário abaixo para criar a retirada em loja." className="mx-auto w-full max-w-4xl">
      <PickupForm />
    </Page>
  );
}
