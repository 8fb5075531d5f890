import { changePasswordSchema, type ChangePasswordInput } from "@passo/domain";
import { Controller, useForm } from "react-hook-form";
import { PasswordInput } from "@/components/password-input";
import { Button } from "@/components/ui/button";
import { Field, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/lib/session";
import { formResolver } from "@/lib/form-resolver";
import { useChangePassword } from "../api/change-password";

const FIELDS = [
  { name: "password", label: "Senha atual", autoComplete: "current-password" },
  { name: "newPassword", label: "Nova senha", autoComplete: "new-password" },
  { name: "confirmNewPassword", label: "Confirme a nova senha", autoComplete: "new-password" },
] as const;

export function ChangePasswordForm() {
  const { user, signIn } = useSession();
  const mutation = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: formResolver(changePasswordSchema),
    defaultValues: { password: "", newPassword: "", confirmNewPassword: "" },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!user) return;
    mutation.mutate(
      { id: user.id, ...values },
      {
        onSuccess({ token }) {
          // The server ends older sessions on a password change and hands this one a fresh token.
          signIn(token, user);
          form.reset();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
          <FieldGroup>
            {FIELDS.map(({ name, label, autoComplete }) => (
              <Controller
                key={name}
                name={name}
                control={form.control}
                render={({ field, fieldState }) => (
                  <Field data-invalid={fieldState.invalid}>
                    <FieldLabel htmlFor={`change-${name}`}>{label}</FieldLabel>
                    <PasswordInput {...field} id={`change-${name}`} autoComplete={autoComplete} aria-invalid={fieldState.invalid} />
                    <FieldError errors={[fieldState.error]} />
                  </Field>
                )}
              />
            ))}
            <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto sm:self-end">
              {mutation.isPending && <Spinner />}
              Salvar
            </Button>
          </FieldGroup>
    </form>
  );
}
