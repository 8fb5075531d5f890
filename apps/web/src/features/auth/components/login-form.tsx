import type { LoginInput } from "@passo/domain/auth";
import { AlertCircle } from "lucide-react";
import { Suspense, lazy, useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Field, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import type { FirstIssues } from "@/lib/first-issues";
import { useSession } from "@/lib/session";
import { login } from "../api/login";

// The login page is everyone's first load (its budget: docs/architecture.md). Two fields do not need
// react-hook-form nor a TanStack mutation: the form holds its values in state and checks them with the
// domain's login schema, which (with zod) loads as soon as the form is on screen; a submit before it
// arrives waits for it. As every other form: the first message of each field, checked again on each
// change once the form was sent, and the first invalid field takes the focus.
let rules: Promise<(values: LoginInput) => Promise<FirstIssues<LoginInput>>> | undefined;
function loadRules() {
  rules ??= Promise.all([import("@passo/domain/auth"), import("@/lib/first-issues")]).then(
    ([{ loginSchema }, { firstIssues }]) =>
      (values: LoginInput) =>
        firstIssues(loginSchema, values),
    (error: unknown) => {
      rules = undefined; // the next submit tries again
      throw error;
    },
  );
  return rules;
}
const check = async (values: LoginInput) => (await loadRules())(values);

// The two-factor steps load only when the login asks for one: they stay out of everyone's first load.
const MfaVerifyStep = lazy(() => import("./mfa-sign-in-step").then((m) => ({ default: m.MfaVerifyStep })));
const MfaEnrolStep = lazy(() => import("./mfa-sign-in-step").then((m) => ({ default: m.MfaEnrolStep })));

const noSubscription = () => () => {};
/**
 * False while React takes over the page drawn at build time (scripts/prerender.mjs), true from then
 * on (and at once when the page was not drawn beforehand).
 */
const useTakenOver = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

type LoginField = keyof LoginInput;
type Errors = Partial<Record<LoginField, string>>;
const FIELDS: LoginField[] = ["email", "password"];

function fieldErrors(result: FirstIssues<LoginInput>): Errors {
  return { email: result.errors?.email?.message, password: result.errors?.password?.message };
}

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginInput>({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** After the right password: the code step, or the enrolment an administrator must go through. */
  const [mfa, setMfa] = useState<{ step: "verify" | "enrol"; mfaToken: string } | null>(null);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const latest = useRef(values);
  /** A submit in progress (checking or sending): a second Enter meanwhile sends nothing. */
  const busy = useRef(false);
  // The server sends this page already drawn: until React has taken it over, 'Entrar' stays disabled
  // (a click or an Enter would otherwise send the form as a plain page request, password in the
  // address), and what was typed meanwhile becomes the form's values.
  const takenOver = useTakenOver();
  useEffect(() => {
    loadRules().catch(() => {});
    const typed = { email: inputs.current.email?.value ?? "", password: inputs.current.password?.value ?? "" };
    if (typed.email !== latest.current.email || typed.password !== latest.current.password) {
      latest.current = typed;
      setValues(typed);
    }
  }, []);

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...latest.current, [field]: event.target.value };
    latest.current = next;
    setValues(next);
    if (!sent) return;
    check(next).then(
      (result) => {
        if (latest.current === next) setErrors(fieldErrors(result));
      },
      () => {},
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      setSent(true);
      const result = await check(latest.current).catch(() => null);
      if (!result) {
        setFailure("Erro desconhecido");
        return;
      }
      const found = fieldErrors(result);
      setErrors(found);
      if (!result.value) {
        const first = FIELDS.find((f) => found[f]);
        if (first) inputs.current[first]?.focus();
        return;
      }
      setPending(true);
      setFailure(null);
      try {
        const answer = await login(result.value);
        if (answer.mfaRequired || answer.mfaSetupRequired) {
          setMfa({ step: answer.mfaRequired ? "verify" : "enrol", mfaToken: answer.mfaToken });
          setPending(false);
          return;
        }
        signIn(answer.token, answer.user);
        navigate("/", { replace: true });
      } catch (error) {
        setFailure(error instanceof ApiError ? error.message : "Erro desconhecido");
        setPending(false);
      }
    } finally {
      busy.current = false;
    }
  };

  if (mfa) {
    const back = () => setMfa(null);
    return (
      <Suspense fallback={<Spinner />}>
        {mfa.step === "verify" ? <MfaVerifyStep mfaToken={mfa.mfaToken} onBack={back} /> : <MfaEnrolStep mfaToken={mfa.mfaToken} onBack={back} />}
      </Suspense>
    );
  }

  return (
    <Card>
      <CardHeader>
        {/* CardTitle's classes merged with text-xl, written out: the login page does without the class merger. */}
        <div data-slot="card-title" className="font-semibold text-xl">
          Entrar
        </div>
        <CardDescription>Use o e-mail e a senha da sua conta.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <FieldGroup>
            {failure && (
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertTitle>{failure}</AlertTitle>
                <AlertDescription>Verifique os dados e tente novamente.</AlertDescription>
              </Alert>
            )}
            <Field data-invalid={!!errors.email}>
              <FieldLabel htmlFor="login-email">E-mail</FieldLabel>
              <Input
                ref={(el) => {
                  inputs.current.email = el;
                }}
                id="login-email"
                name="email"
                type="email"
                autoComplete="username"
                value={values.email}
                onChange={change("email")}
                aria-invalid={!!errors.email}
                autoFocus
              />
              <FieldError errors={[{ message: errors.email }]} />
            </Field>
            <Field data-invalid={!!errors.password}>
              <FieldLabel htmlFor="login-password">Senha</FieldLabel>
              <PasswordInput
                ref={(el) => {
                  inputs.current.password = el;
                }}
                id="login-password"
                name="password"
                autoComplete="current-password"
                value={values.password}
                onChange={change("password")}
                aria-invalid={!!errors.password}
              />
              <FieldError errors={[{ message: errors.password }]} />
            </Field>
            <Button type="submit" className="w-full" disabled={pending || !takenOver}>
              {pending && <Spinner />}
              Entrar
            </Button>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}
