import { ADMIN, STORE } from "@passo/domain/roles";
import { KeyRound } from "lucide-react";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminMfaSetting } from "@/features/auth/components/admin-mfa-setting";
import { ChangePasswordForm } from "@/features/auth/components/change-password-form";
import { TwoFactorSection } from "@/features/auth/components/two-factor-section";
import { StoreStaffSection } from "@/features/users/components/store-staff-section";
import { useSession } from "@/lib/session";

/** 'Segurança da conta': the password, the second factor; a store's staff ('Atendentes'). */
export default function ChangePasswordRoute({ title, description }: ScreenTexts) {
  const { user } = useSession();
  return (
    <Page title={title} description={description} className="mx-auto w-full max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5" />
            Alterar a senha
          </CardTitle>
          <CardDescription>Informe a senha atual e escolha uma nova senha com pelo menos 8 caracteres.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <TwoFactorSection />
      {user?.role === ADMIN && <AdminMfaSetting />}
      {user?.role === STORE && <StoreStaffSection store={user.username} />}
    </Page>
  );
}
