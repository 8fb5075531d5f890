import { ChangePasswordForm } from "@/features/auth/components/change-password-form";

export default function ChangePasswordRoute() {
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Alterar a senha</h1>
        <p className="text-sm text-muted-foreground">Informe a senha atual e escolha uma nova senha com pelo menos 8 caracteres.</p>
      </div>
      <ChangePasswordForm />
    </div>
  );
}
