import type { User } from "@passo/domain/auth";
import { AlertCircle } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { enrolEnable, enrolSetup, verifyMfa, type TotpSetup } from "../api/mfa-sign-in";
import { RecoveryCodes } from "./recovery-codes";
import { TotpEnrolment } from "./totp-enrolment";

const failureOf = (error: unknown) => (error instanceof ApiError ? error.message : "Erro desconhecido");

function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{message}</AlertTitle>
      <AlertDescription>Verifique o código e tente novamente.</AlertDescription>
    </Alert>
  );
}

function useFinish() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return (token: string, user: User) => {
    signIn(token, user);
    navigate("/", { replace: true });
  };
}

/** The login's second step: the 6-digit code of the app, or a recovery code. */
export function MfaVerifyStep({ mfaToken, onBack }: { mfaToken: string; onBack: () => void }) {
  const id = useId();
  const finish = useFinish();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const typed = code.trim();
    if (!typed) {
      setError("Informe o código.");
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const { token, user } = await verifyMfa(mfaToken, typed);
      finish(token, user);
    } catch (err) {
      setFailure(failureOf(err));
      setPending(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Verificação em duas etapas</CardTitle>
        <CardDescription>Digite o código de 6 dígitos do aplicativo autenticador.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FieldGroup>
            <Failure message={failure} />
            <Field data-invalid={!!error}>
              <FieldLabel htmlFor={`${id}-code`}>Código de verificação</FieldLabel>
              <Input
                id={`${id}-code`}
                autoComplete="one-time-code"
                inputMode="text"
                autoFocus
                maxLength={32}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={!!error}
                className="font-mono tracking-widest"
              />
              <FieldDescription>Sem o celular? Use um dos seus códigos de recuperação.</FieldDescription>
              <FieldError errors={[{ message: error }]} />
            </Field>
            <Button type="submit" className="w-full" disabled={pending}>
              {pending && <Spinner />}
              Verificar
            </Button>
            <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
              Voltar
            </Button>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}

/** 'Exigir 2 fatores para administradores': an administrator without 2FA enrols before the first screen. */
export function MfaEnrolStep({ mfaToken, onBack }: { mfaToken: string; onBack: () => void }) {
  const finish = useFinish();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{ token: string; user: User; recoveryCodes: string[] } | null>(null);
  useEffect(() => {
    let live = true;
    enrolSetup(mfaToken).then(
      (answer) => live && setSetup(answer),
      (err: unknown) => live && setFailure(failureOf(err)),
    );
    return () => {
      live = false;
    };
  }, [mfaToken]);
  const confirm = async (code: string) => {
    setPending(true);
    try {
      setDone(await enrolEnable(mfaToken, code));
      setFailure(null);
    } catch (err) {
      setFailure(failureOf(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Ative a verificação em duas etapas</CardTitle>
        <CardDescription>
          {done
            ? "Verificação em duas etapas ativada."
            : "Esta rede exige a verificação em duas etapas para administradores. Ative-a para continuar."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Failure message={failure} />
        {done ? (
          <RecoveryCodes codes={done.recoveryCodes} doneLabel="Continuar" onDone={() => finish(done.token, done.user)} />
        ) : setup ? (
          <TotpEnrolment setup={setup} pending={pending} onConfirm={(code) => void confirm(code)} />
        ) : (
          !failure && <Spinner />
        )}
        {!done && (
          <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
            Voltar
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
