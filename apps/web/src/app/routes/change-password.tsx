import { Page } from "@/components/layout/page";
import { ChangePasswordForm } from "@/features/auth/components/change-password-form";

export default function ChangePasswordRoute() {
  return (
    <Page title="Alterar a senha" description="Informe a senha atual e escolha uma nova senha com pelo menos 8 caracteres." className="mx-auto w-full max-w-md">
      <ChangePasswordForm />
    </Page>
  );
}
