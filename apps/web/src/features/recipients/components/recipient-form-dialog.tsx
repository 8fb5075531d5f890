import { RECIPIENT_ROLES, recipientInputSchema, type Company, type Recipient, type RecipientRole } from "@passo/domain";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { FormDialog } from "@/components/feedback/form-dialog";
import { Field, FieldControl, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { formResolver } from "@/lib/form-resolver";
import { CompanyGate } from "@/components/company-gate";
import { useCreateRecipient } from "../api/create-recipient";
import { useUpdateRecipient } from "../api/update-recipient";

interface RecipientFormValues {
  username: string;
  email: string;
  role: RecipientRole | "";
}

export interface RecipientFormDialogProps {
  /** The recipient to edit; null creates one. */
  recipient: Recipient | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Novo destinatário' and 'Editar destinatário'. */
export function RecipientFormDialog({ recipient, open, onOpenChange }: RecipientFormDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={recipient ? "Editar destinatário" : "Novo destinatário"}
      description={
        recipient
          ? `Altere o nome, o e-mail ou o cargo de ${recipient.username}. Um novo nome passa para as notificações das lojas.`
          : "Cadastre quem recebe as notificações das lojas por e-mail."
      }
    >
      <CompanyGate>
        {(company) => <RecipientForm key={recipient?.id ?? "new"} recipient={recipient} company={company} onDone={close} />}
      </CompanyGate>
    </FormDialog>
  );
}

function RecipientForm({ recipient, company, onDone }: { recipient: Recipient | null; company: Company; onDone: () => void }) {
  // Create and edit follow the same rules; the edit sends every field, trimmed.
  const schema = useMemo(() => recipientInputSchema(company), [company]);
  const create = useCreateRecipient();
  const update = useUpdateRecipient();
  const pending = create.isPending || update.isPending;
  const form = useForm<RecipientFormValues, unknown, z.output<typeof schema>>({
    resolver: formResolver(schema),
    defaultValues: { username: recipient?.username ?? "", email: recipient?.email ?? "", role: recipient?.role ?? "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    (recipient ? update.mutateAsync({ id: recipient.id, body: values }) : create.mutateAsync(values)).then(onDone, () => undefined),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={recipient ? "Editar destinatário" : "Novo destinatário"}>
      <FieldGroup>
        <Controller
          name="username"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="recipient-username">Nome</FieldLabel>
              <FieldControl>
                <Input {...field} id="recipient-username" autoComplete="off" />
              </FieldControl>
              <FieldError errors={[fieldState.error]} />
            </Field>
          )}
        />
        <Controller
          name="email"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="recipient-email">E-mail</FieldLabel>
              <FieldControl>
                <Input {...field} id="recipient-email" type="email" autoComplete="off" placeholder={`nome@${company.emailDomain}`} />
              </FieldControl>
              <FieldError errors={[fieldState.error]} />
            </Field>
          )}
        />
        <Controller
          name="role"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="recipient-role">Cargo</FieldLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FieldControl>
                  <SelectTrigger id="recipient-role" onBlur={field.onBlur}>
                    <SelectValue placeholder="Selecione o cargo" />
                  </SelectTrigger>
                </FieldControl>
                <SelectContent>
                  {RECIPIENT_ROLES.map((role) => (
                    <SelectItem key={role} value={role}>
                      {role}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError errors={[fieldState.error]} />
            </Field>
          )}
        />
      </FieldGroup>
      <DialogFormButtons submitLabel={recipient ? "Salvar" : "Criar destinatário"} pending={pending} onCancel={onDone} className="mt-6" />
    </form>
  );
}
