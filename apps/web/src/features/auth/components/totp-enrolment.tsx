import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { TotpSetup } from "../api/mfa-sign-in";
import { TotpQr } from "./totp-qr";

export const CODE_REQUIRED = "Informe os 6 dígitos do código.";

/** The secret in groups of four, easier to type into the app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Step 1 and 2 of the enrolment: read the QR code (or type the secret), then confirm with a code. */
export function TotpEnrolment({ setup, pending, onConfirm }: { setup: TotpSetup; pending: boolean; onConfirm: (code: string) => void }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setError(CODE_REQUIRED);
      return;
    }
    setError(undefined);
    onConfirm(digits);
  };
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Abra o aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Leia o QR code abaixo ou digite a chave manualmente.</li>
        <li>Informe o código de 6 dígitos que o aplicativo mostrar.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <TotpQr value={setup.otpauthUrl} />
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          <span className="font-medium">Chave para digitar no aplicativo</span>
          <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono text-sm break-all">
            {grouped(setup.secret)}
          </code>
          <span className="text-xs text-muted-foreground">Tipo: baseada em tempo, 6 dígitos, a cada 30 segundos.</span>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field data-invalid={!!error}>
          <FieldLabel htmlFor={`${id}-code`}>Código do aplicativo</FieldLabel>
          <Input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={!!error}
            className="max-w-40 font-mono tracking-widest"
          />
          <FieldDescription>O código muda a cada 30 segundos.</FieldDescription>
          <FieldError errors={[{ message: error }]} />
        </Field>
        <Button type="submit" disabled={pending} className="w-full sm:w-auto sm:self-start">
          {pending && <Spinner />}
          Ativar
        </Button>
      </form>
    </div>
  );
}
