import { ReturnCreateForm } from "@/features/returns/components/return-create-form";

export default function ReturnNewRoute() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Criar nova devolução</h1>
        <p className="text-sm text-muted-foreground">Preencha o formulário abaixo para criar a devolução.</p>
      </div>
      <ReturnCreateForm />
    </div>
  );
}
