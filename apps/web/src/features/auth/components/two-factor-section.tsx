import { ADMIN } from "@passo/domain/roles";
import { ShieldCheck } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { PasswordInput } from "@/components/password-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/session";
import { useDisableMfa, useEnableMfa, useMfaStatus, useSetupMfa } from "../api/mfa";
import type { TotpSetup } from "../api/mfa-sign-in";
import { RecoveryCodes } from "./recovery-codes";
import { TotpEnrolment } from "./totp-enrolment";

/** Turning it off: the current password, or a code of the app (or a recovery code). */
function DisableForm({ locked }: { locked: boolean }) {
  const id = useId();
  const disable = useDisableMfa();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password && !code.trim()) {
      setError("Informe a senha atual ou um código do aplicativo.");
      return;
    }
    setError(undefined);
    disable.mutate(password ? { password } : { code: code.trim() }, {
      onSuccess: () => {
        setPassword("");
        setCode("");
      },
    });
  };
  if (locked) {
    return <p className="text-sm text-muted-foreground">A verificação em duas etapas é obrigatória para administradores e não pode ser desativada.</p>;
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-4">
      <p className="text-sm font-medium">Desativar a verificação em duas etapas</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field data-invalid={!!error}>
          <FieldLabel htmlFor={`${id}-password`}>Sua senha</FieldLabel>
          <PasswordInput id={`${id}-password`} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field data-invalid={!!error}>
          <FieldLabel htmlFor={`${id}-code`}>ou um código do aplicativo</FieldLabel>
          <Input id={`${id}-code`} autoComplete="one-time-code" maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} className="font-mono" />
        </Field>
      </div>
      <FieldError errors={[{ message: error }]} />
      <Button type="submit" variant="destructive" disabled={disable.isPending} className="w-full sm:w-auto sm:self-end">
        {disable.isPending && <Spinner />}
        Desativar
      </Button>
    </form>
  );
}

/** 'Verificação em duas etapas' on 'Segurança da conta': enrol with a QR code, keep the recovery codes, turn off. */
export function TwoFactorSection() {
  const { user } = useSession();
  const status = useMfaStatus();
  const setup = useSetupMfa();
  const enable = useEnableMfa();
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = () => setup.mutate(undefined, { onSuccess: setPending });
  const confirm = (code: string) =>
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        setPending(null);
        setCodes(recoveryCodes);
      },
    });

  const enabled = status.data?.enabled ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5" />
          Verificação em duas etapas
          {status.data ? (
            <Badge variant={enabled ? "default" : "secondary"}>{enabled ? "Ativa" : "Desativada"}</Badge>
          ) : (
            <Skeleton className="h-[22px] w-20 rounded-md" />
          )}
        </CardTitle>
        <CardDescription>Além da senha, peça um código do aplicativo autenticador do seu celular ao entrar.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isPending ? (
          // The room of 'Ativar a verificação em duas etapas', what most accounts see: the cards below stay put.
          <div role="status" className="flex">
            <span className="sr-only">Carregando</span>
            <Skeleton className="h-9 w-full sm:w-80" />
          </div>
        ) : codes ? (
          <RecoveryCodes codes={codes} doneLabel="Já guardei os códigos" onDone={() => setCodes(null)} />
        ) : enabled ? (
          <>
            <FieldDescription>
              Restam {status.data?.recoveryCodesLeft ?? 0} códigos de recuperação.
            </FieldDescription>
            <DisableForm locked={!!status.data?.requiredForAdmins && user?.role === ADMIN} />
          </>
        ) : pending ? (
          <>
            <TotpEnrolment setup={pending} pending={enable.isPending} onConfirm={confirm} />
            <Button type="button" variant="ghost" className="sm:self-start" onClick={() => setPending(null)}>
              Cancelar
            </Button>
          </>
        ) : (
          <Button type="button" onClick={start} disabled={setup.isPending} className="w-full sm:w-auto sm:self-start">
            {setup.isPending && <Spinner />}
            Ativar a verificação em duas etapas
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
