import type { LoginInput } from "@passo/domain/auth";
import { AlertCircle } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useLogin } from "../api/login";

// The rules (zod, the domain's login schema and the resolver) stay out of the login page's first load.
// They load as soon as the form is on screen; a submit before they arrive waits for them.
let rules: Promise<Resolver<LoginInput>> | undefined;
function loadRules() {
  rules ??= Promise.all([import("@passo/domain/auth"), import("@/lib/form-resolver")]).then(
    ([{ loginSchema }, { formResolver }]) => formResolver<LoginInput, LoginInput>(loginSchema),
    (error: unknown) => {
      rules = undefined; // the next submit tries again
      throw error;
    },
  );
  return rules;
}
const loginResolver: Resolver<LoginInput> = async (values, context, options) => (await loadRules())(values, context, options);

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const mutation = useLogin();
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: "", password: "" } });
  useEffect(() => {
    loadRules().catch(() => {});
  }, []);

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess({ token, user }) {
        signIn(token, user);
        navigate("/", { replace: true });
      },
    }),
  );

  const failure = mutation.error ? (mutation.error instanceof ApiError ? mutation.error.message : "Erro desconhecido") : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Entrar</CardTitle>
        <CardDescription>Use o e-mail e a senha da sua conta.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate>
          <FieldGroup>
            {failure && (
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertTitle>{failure}</AlertTitle>
                <AlertDescription>Verifique os dados e tente novamente.</AlertDescription>
              </Alert>
            )}
            <Controller
              name="email"
              control={form.control}
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid}>
                  <FieldLabel htmlFor="login-email">E-mail</FieldLabel>
                  <Input {...field} id="login-email" type="email" autoComplete="username" aria-invalid={fieldState.invalid} autoFocus />
                  <FieldError errors={[fieldState.error]} />
                </Field>
              )}
            />
            <Controller
              name="password"
              control={form.control}
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid}>
                  <FieldLabel htmlFor="login-password">Senha</FieldLabel>
                  <PasswordInput {...field} id="login-password" autoComplete="current-password" aria-invalid={fieldState.invalid} />
                  <FieldError errors={[fieldState.error]} />
                </Field>
              )}
            />
            <Button type="submit" className="w-full" disabled={mutation.isPending}>
              {mutation.isPending && <Spinner />}
              Entrar
            </Button>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}
