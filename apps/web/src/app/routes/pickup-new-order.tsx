import { PickupForm } from "@/features/pickups/components/pickup-form";

export default function PickupNewOrderRoute() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Criar nova retirada</h1>
        <p className="text-sm text-muted-foreground">Preencha o formulário abaixo para criar a retirada em loja.</p>
      </div>
      <PickupForm />
    </div>
  );
}
