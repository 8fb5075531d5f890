import { DEFAULT_USER_ROLE, ROLES, STORE, userCreateSchema, userUpdateSchema, type Company, type User } from "@passo/domain";
import { useId, useMemo, useState } from "react";
import { Controller, useForm, type Control } from "react-hook-form";
import { z } from "zod";
import { PasswordInput } from "@/components/password-input";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { FormDialog } from "@/components/feedback/form-dialog";
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Switch } from "@/components/ui/switch";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formResolver } from "@/lib/form-resolver";
import { CompanyGate } from "@/components/company-gate";
import { useCreateUser } from "../api/create-user";
import { useUpdateUser } from "../api/update-user";
import { StaffManager } from "./staff-manager";

/**
 * The password a new account starts with: a fixed placeholder, prefilled. The administrator
 * may type another; the store changes it on 'Segurança da conta'.
 */
export const DEFAULT_USER_PASSWORD = "Passo@2026";

/** Edit: the same rules, a blank password keeps the current one. */
function userEditSchema(company: Company) {
  const base = userUpdateSchema(company);
  return base.extend({ password: z.preprocess((v) => (v === "" ? undefined : v), base.shape.password) });
}

interface UserFormValues {
  username: string;
  email: string;
  password: string;
  role: User["role"];
}

export interface UserFormDialogProps {
  /** The user to edit; null creates one. */
  user: (User & { requireSignature?: boolean; requireStaffPin?: boolean }) | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in administrator may not change their own permission (the server refuses it). */
  currentUserId?: string;
}

/** 'Novo usuário' and 'Editar usuário'. */
export function UserFormDialog({ user, open, onOpenChange, currentUserId }: UserFormDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={user ? "Editar usuário" : "Novo usuário"}
      className={user?.role === STORE ? "max-h-[100dvh] overflow-y-auto sm:max-w-xl" : undefined}
      description={
        user
          ? `Altere o e-mail, a senha ou a permissão de ${user.username}.`
          : "Crie a conta de uma loja (o nome de usuário é o nome da loja) ou de um administrador."
      }
    >
      <CompanyGate>
        {(company) =>
          user ? (
            <UserEditForm key={user.id} user={user} company={company} isSelf={user.id === currentUserId} onDone={close} />
          ) : (
            <UserCreateForm company={company} onDone={close} />
          )
        }
      </CompanyGate>
    </FormDialog>
  );
}

function UserCreateForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const schema = useMemo(() => userCreateSchema(company), [company]);
  const mutation = useCreateUser();
  const form = useForm<UserFormValues, unknown, z.output<typeof schema>>({
    resolver: formResolver(schema),
    defaultValues: { username: "", email: "", password: DEFAULT_USER_PASSWORD, role: DEFAULT_USER_ROLE },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutateAsync(values).then(onDone, () => undefined));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Novo usuário">
      <UserFields
        control={form.control}
        company={company}
        passwordHint={`Senha inicial padrão: ${DEFAULT_USER_PASSWORD}. Você pode alterá-la.`}
      />
      <DialogFormButtons submitLabel="Criar usuário" pending={mutation.isPending} onCancel={onDone} className="mt-6" />
    </form>
  );
}

function UserEditForm({ user, company, isSelf, onDone }: { user: User & { requireSignature?: boolean; requireStaffPin?: boolean }; company: Company; isSelf: boolean; onDone: () => void }) {
  const schema = useMemo(() => userEditSchema(company), [company]);
  // A store's 'Exigir assinatura na retirada': its counter asks the customer to sign before 'Confirmar retirada'.
  const [requireSignature, setRequireSignature] = useState(user.requireSignature ?? false);
  const signatureId = useId();
  // 'Exigir PIN do atendente': the store's changes at the counter ask 'Quem está atendendo?'.
  const [requireStaffPin, setRequireStaffPin] = useState(user.requireStaffPin ?? false);
  const staffPinId = useId();
  const mutation = useUpdateUser();
  const form = useForm<UserFormValues, unknown, z.output<typeof schema>>({
    resolver: formResolver(schema),
    defaultValues: { username: user.username, email: user.email, password: "", role: user.role },
  });
  const onSubmit = form.handleSubmit(({ email, password, role }) =>
    mutation
      .mutateAsync({
        id: user.id,
        body: { username: user.username, email, role, ...(password ? { password } : {}), ...(user.role === STORE && requireSignature !== (user.requireSignature ?? false) ? { requireSignature } : {}),
          ...(user.role === STORE && requireStaffPin !== (user.requireStaffPin ?? false) ? { requireStaffPin } : {}),
        },
      })
      .then(onDone, () => undefined),
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Editar usuário">
        <UserFields
          control={form.control}
          company={company}
          readOnlyUsername
          roleLocked={isSelf}
          passwordHint="Deixe em branco para manter a senha atual."
        />
        {user.role === STORE && (
          <Field orientation="horizontal" className="mt-4">
            <Checkbox id={signatureId} checked={requireSignature} onCheckedChange={(checked) => setRequireSignature(checked === true)} />
            <FieldLabel htmlFor={signatureId} className="font-normal">
              Exigir assinatura na retirada
            </FieldLabel>
          </Field>
        )}
        {user.role === STORE && (
          <Field orientation="horizontal" className="mt-4">
            <Switch id={staffPinId} checked={requireStaffPin} onCheckedChange={setRequireStaffPin} />
            <FieldLabel htmlFor={staffPinId} className="font-normal">
              Exigir PIN do atendente
            </FieldLabel>
          </Field>
        )}
        <DialogFormButtons submitLabel="Salvar" pending={mutation.isPending} onCancel={onDone} className="mt-6" />
      </form>
      {/* Outside the form: the staff have their own forms and are saved at once. */}
      {user.role === STORE && <StaffManager access={{ store: user.username }} />}
    </>
  );
}

function UserFields<Output>({
  control,
  company,
  readOnlyUsername = false,
  roleLocked = false,
  passwordHint,
}: {
  control: Control<UserFormValues, unknown, Output>;
  company: Company;
  readOnlyUsername?: boolean;
  roleLocked?: boolean;
  passwordHint: string;
}) {
  return (
    <FieldGroup>
      <Controller
        name="username"
        control={control}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor="user-username">Nome de usuário</FieldLabel>
            <FieldControl>
              <Input {...field} id="user-username" autoComplete="off" readOnly={readOnlyUsername} aria-readonly={readOnlyUsername || undefined} />
            </FieldControl>
            <FieldDescription>
              {readOnlyUsername ? "O nome de usuário não pode ser alterado." : "Para uma loja, o nome da loja."}
            </FieldDescription>
            <FieldError errors={[fieldState.error]} />
          </Field>
        )}
      />
      <Controller
        name="email"
        control={control}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor="user-email">E-mail</FieldLabel>
            <FieldControl>
              <Input {...field} id="user-email" type="email" autoComplete="off" placeholder={`nome@${company.emailDomain}`} />
            </FieldControl>
            <FieldError errors={[fieldState.error]} />
          </Field>
        )}
      />
      <Controller
        name="password"
        control={control}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor="user-password">Senha</FieldLabel>
            <FieldControl>
              <PasswordInput {...field} id="user-password" autoComplete="new-password" />
            </FieldControl>
            <FieldDescription>{passwordHint}</FieldDescription>
            <FieldError errors={[fieldState.error]} />
          </Field>
        )}
      />
      <Controller
        name="role"
        control={control}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor="user-role">Permissão</FieldLabel>
            <Select value={field.value ?? ""} onValueChange={field.onChange} disabled={roleLocked}>
              <FieldControl>
                <SelectTrigger id="user-role" onBlur={field.onBlur}>
                  <SelectValue placeholder="Selecione a permissão" />
                </SelectTrigger>
              </FieldControl>
              <SelectContent>
                {ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {role}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {roleLocked && <FieldDescription>Você não pode alterar a sua própria permissão.</FieldDescription>}
            <FieldError errors={[fieldState.error]} />
          </Field>
        )}
      />
    </FieldGroup>
  );
}
