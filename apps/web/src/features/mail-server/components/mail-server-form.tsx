import {
  MAIL_SERVER_MESSAGES,
  mailServerFormSchema,
  mailServerUpdateSchema,
  type MailServer,
  type MailServerUpdate,
} from "@passo/domain";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { KeyRound } from "lucide-react";
import { SwitchFields } from "@/components/form/switch-fields";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { formResolver } from "@/lib/form-resolver";
import { useUpdateMailServer } from "../api/update-mail-server";

export interface MailServerFormValues {
  host: string;
  port: string;
  user: string;
  /** Blank keeps the stored password (once there is one). */
  pass: string;
  secure: boolean;
  notifyCustomerPickupReady: boolean;
  notifyCustomerPickupCollected: boolean;
  notifyCustomerReturn: boolean;
  /** Days a sent e-mail keeps its body, as typed. */
  emailBodyRetentionDays: string;
}

interface ResolverContext {
  /** A stored password that can still be read: a blank field keeps it. */
  hasPassword: boolean;
}

// The password is required; once one is stored (and readable), a blank one keeps it (the API's update rule).
type MailServerResolver = Resolver<MailServerFormValues, ResolverContext, MailServerUpdate>;
const firstSave: MailServerResolver = formResolver(mailServerFormSchema);
const laterSave: MailServerResolver = formResolver(mailServerUpdateSchema);
const resolver: MailServerResolver = (values, context, options) =>
  (context?.hasPassword ? laterSave : firstSave)(values, context, options);

const CUSTOMER_SWITCHES = [
  { name: "notifyCustomerPickupReady", label: "Enviar e-mail ao cliente quando o pedido estiver pronto para retirada" },
  { name: "notifyCustomerPickupCollected", label: "Enviar e-mail ao cliente quando o pedido for retirado" },
  { name: "notifyCustomerReturn", label: "Enviar e-mail ao cliente quando a devolução for recebida ou recusada" },
] as const;

function formValues(settings: MailServer): MailServerFormValues {
  return {
    host: settings.host,
    port: settings.port,
    user: settings.user,
    pass: "",
    secure: settings.secure,
    notifyCustomerPickupReady: settings.notifyCustomerPickupReady,
    notifyCustomerPickupCollected: settings.notifyCustomerPickupCollected,
    notifyCustomerReturn: settings.notifyCustomerReturn,
    emailBodyRetentionDays: String(settings.emailBodyRetentionDays),
  };
}

/** The outgoing mail server ('Serviço de notificação') and the customer e-mails it sends. */
export function MailServerForm({ settings }: { settings: MailServer }) {
  const mutation = useUpdateMailServer();
  const form = useForm<MailServerFormValues, ResolverContext, MailServerUpdate>({
    resolver,
    context: { hasPassword: settings.hasPassword && !settings.passwordUnreadable },
    defaultValues: formValues(settings),
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ id: settings.id, body: values }).then(
      // The password never comes back: the field empties and says one is saved.
      ({ serviceNotification }) => form.reset(formValues(serviceNotification)),
      () => undefined,
    ),
  );

  return (
    <Card>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Serviço de notificação">
          <FieldGroup>
            {settings.passwordUnreadable && (
              <Alert variant="destructive" role="status">
                <KeyRound aria-hidden="true" />
                <AlertTitle>Digite a senha de novo</AlertTitle>
                <AlertDescription>{MAIL_SERVER_MESSAGES.passwordUnreadable}</AlertDescription>
              </Alert>
            )}
            <div className="grid gap-6 md:grid-cols-[1fr_10rem]">
              <Controller
                name="host"
                control={form.control}
                render={({ field, fieldState }) => (
                  <Field data-invalid={fieldState.invalid}>
                    <FieldLabel htmlFor="service-host">Servidor (host)</FieldLabel>
                    <FieldControl>
                      <Input {...field} id="service-host" autoComplete="off" placeholder="smtp.seudominio.com.br" />
                    </FieldControl>
                    <FieldError errors={[fieldState.error]} />
                  </Field>
                )}
              />
              <Controller
                name="port"
                control={form.control}
                render={({ field, fieldState }) => (
                  <Field data-invalid={fieldState.invalid}>
                    <FieldLabel htmlFor="service-port">Porta</FieldLabel>
                    <FieldControl>
                      <Input {...field} id="service-port" inputMode="numeric" maxLength={3} autoComplete="off" placeholder="587" />
                    </FieldControl>
                    <FieldError errors={[fieldState.error]} />
                  </Field>
                )}
              />
            </div>
            <div className="grid gap-6 md:grid-cols-2">
              <Controller
                name="user"
                control={form.control}
                render={({ field, fieldState }) => (
                  <Field data-invalid={fieldState.invalid}>
                    <FieldLabel htmlFor="service-user">Usuário</FieldLabel>
                    <FieldControl>
                      <Input {...field} id="service-user" type="email" autoComplete="off" placeholder="notificacoes@seudominio.com.br" />
                    </FieldControl>
                    <FieldError errors={[fieldState.error]} />
                  </Field>
                )}
              />
              <Controller
                name="pass"
                control={form.control}
                render={({ field, fieldState }) => (
                  <Field data-invalid={fieldState.invalid}>
                    <FieldLabel htmlFor="service-pass">Senha</FieldLabel>
                    <FieldControl>
                      <PasswordInput
                        {...field}
                        id="service-pass"
                        autoComplete="new-password"
                        placeholder={settings.hasPassword && !settings.passwordUnreadable ? "••••••••••••••••" : undefined}
                      />
                    </FieldControl>
                    <FieldDescription>
                      {settings.hasPassword && !settings.passwordUnreadable
                        ? "Senha salva. Deixe em branco para mantê-la, ou digite uma nova."
                        : "Pelo menos 16 caracteres, apenas letras e números."}
                    </FieldDescription>
                    <FieldError errors={[fieldState.error]} />
                  </Field>
                )}
              />
            </div>
            <Controller
              name="secure"
              control={form.control}
              render={({ field }) => (
                <Field orientation="horizontal">
                  <FieldControl>
                    <Switch id="service-secure" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
                  </FieldControl>
                  <FieldLabel htmlFor="service-secure" className="font-normal">
                    Conexão segura (SSL/TLS)
                  </FieldLabel>
                  <FieldDescription className="basis-full">
                    Em geral, ativada para a porta 465 e desativada para a 587.
                  </FieldDescription>
                </Field>
              )}
            />
            <SwitchFields control={form.control} legend="E-mails aos clientes" switches={CUSTOMER_SWITCHES} idPrefix="service" />
            <Controller
              name="emailBodyRetentionDays"
              control={form.control}
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid} className="max-w-sm">
                  <FieldLabel htmlFor="service-retention">Apagar o conteúdo dos e-mails enviados após (dias)</FieldLabel>
                  <FieldControl>
                    <Input {...field} id="service-retention" inputMode="numeric" maxLength={4} autoComplete="off" placeholder="90" />
                  </FieldControl>
                  <FieldDescription>A fila guarda para quem, o assunto e quando cada e-mail foi enviado; só o texto é apagado.</FieldDescription>
                  <FieldError errors={[fieldState.error]} />
                </Field>
              )}
            />
            <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto sm:self-end">
              {mutation.isPending && <Spinner aria-hidden="true" />}
              Salvar
            </Button>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}
