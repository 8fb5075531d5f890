import { Users } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useMfaStatus, useSecuritySettings, useUpdateSecuritySettings } from "../api/mfa";

/** 'Exigir 2 fatores para administradores': administrators only; it needs 2FA on one's own account first. */
export function AdminMfaSetting() {
  const settings = useSecuritySettings(true);
  const status = useMfaStatus();
  const update = useUpdateSecuritySettings();
  const on = settings.data?.requireAdminMfa ?? false;
  const ownOff = status.data ? !status.data.enabled : false;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-5" />
          Administradores
        </CardTitle>
        <CardDescription>Vale no próximo login de cada administrador: quem ainda não tem a verificação em duas etapas precisa ativá-la para entrar.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="require-admin-mfa">Exigir 2 fatores para administradores</Label>
          <Switch
            id="require-admin-mfa"
            checked={on}
            disabled={settings.isPending || update.isPending || (!on && ownOff)}
            onCheckedChange={(checked) => update.mutate({ requireAdminMfa: checked })}
          />
        </div>
        {!on && ownOff && <p className="text-sm text-muted-foreground">Ative a verificação em duas etapas na sua conta para poder exigi-la dos outros administradores.</p>}
      </CardContent>
    </Card>
  );
}
