import { useId, useState, type FormEvent, type ReactNode } from "react";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  describeAuditChanges,
  formatCpf,
  maskCpf,
  parseCustomerCpf,
  type CustomerData,
} from "@passo/domain";
import { Download, Search, UserX } from "lucide-react";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { DisabledReason } from "@/components/feedback/disabled-reason";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatDateTime } from "@/lib/dates";
import { downloadBlob } from "@/lib/download";
import { maskCpfInput } from "@/lib/input-masks";
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_LABELS } from "@/lib/outbox-labels";
import { useAnonymizeCustomer, useCustomerData } from "../api/customer-data";

const label = <T extends Record<string, string>>(labels: T, key: string) => (Object.hasOwn(labels, key) ? labels[key as keyof T] : key);
const orDash = (value: string | null | undefined) => (value ? value : "—");

/**
 * 'Dados de cliente' (LGPD art. 18): an administrator finds a customer by CPF, sees and downloads everything
 * Passo holds about them, and anonymises their closed records. The CPF stays in this screen's state: never in
 * the address bar or the history.
 */
/** The screen, under its title and description (the screen registry's). */
export function CustomerDataScreen({ title, description }: ScreenTexts) {
  const inputId = useId();
  const errorId = useId();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [found, setFound] = useState<CustomerData | null>(null);
  const lookup = useCustomerData();
  const anonymize = useAnonymizeCustomer();

  const search = (cpf: string) =>
    lookup.mutateAsync(cpf).then(
      (data) => setFound(data),
      () => setFound(null),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCustomerCpf(typed);
    if ("error" in parsed) {
      setError(parsed.error);
      setFound(null);
      return;
    }
    setError(undefined);
    void search(parsed.cpf);
  };

  return (
    <Page title={title} description={description}>
      <Card>
        <CardContent>
          <form onSubmit={onSubmit} noValidate aria-label="Buscar cliente" className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Field data-invalid={!!error} className="sm:max-w-xs">
              <FieldLabel htmlFor={inputId}>CPF do cliente</FieldLabel>
              <FieldControl>
                <Input
                  id={inputId}
                  value={typed}
                  onChange={(e) => setTyped(maskCpfInput(e.target.value))}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="000.000.000-00"
                  aria-invalid={!!error}
                  aria-describedby={error ? errorId : undefined}
                />
              </FieldControl>
              {error ? <FieldError id={errorId}>{error}</FieldError> : <FieldDescription>O CPF não aparece no endereço da página.</FieldDescription>}
            </Field>
            <Button type="submit" disabled={lookup.isPending} className="sm:mt-6">
              {lookup.isPending ? <Spinner aria-hidden="true" /> : <Search aria-hidden="true" />}
              Buscar
            </Button>
          </form>
        </CardContent>
      </Card>
      {found && (
        <CustomerDataView
          data={found}
          anonymizing={anonymize.isPending}
          onAnonymize={() => anonymize.mutateAsync(found.cpf).then(() => search(found.cpf))}
        />
      )}
    </Page>
  );
}

function isEmpty(data: CustomerData) {
  return data.pickups.length + data.returns.length + data.emails.length + data.auditLines.length === 0;
}

/** The file 'Baixar dados' saves: the CPF's last digits only in its name. */
function download(data: CustomerData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  downloadBlob(blob, `dados-cliente-${maskCpf(data.cpf).replace(/\*/g, "x").replace(/[.]/g, "")}.json`);
}

function CustomerDataView({ data, anonymizing, onAnonymize }: { data: CustomerData; anonymizing: boolean; onAnonymize: () => Promise<unknown> }) {
  const reasonId = useId();
  if (isEmpty(data)) {
    return (
      <Card role="status">
        <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
          <UserX aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">Nenhum registro encontrado para o CPF {formatCpf(data.cpf)}.</p>
          <p className="text-sm text-muted-foreground">O Passo não guarda retiradas, devoluções ou e-mails deste cliente.</p>
        </CardContent>
      </Card>
    );
  }
  const open = data.openRecords;
  const reason = open.length > 0 ? `Não é possível anonimizar enquanto houver registros em aberto: ${open.join("; ")}.` : undefined;
  const name = data.pickups.find((p) => p.customerCPF === data.cpf)?.customerFullName ?? data.returns[0]?.customerFullName;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{name ? `${name} · ${formatCpf(data.cpf)}` : formatCpf(data.cpf)}</h2>
          </CardTitle>
          <CardDescription>
            {count(data.pickups.length, "retirada", "retiradas")} · {count(data.returns.length, "devolução", "devoluções")} ·{" "}
            {count(data.emails.length, "e-mail", "e-mails")} · {count(data.auditLines.length, "linha do relatório", "linhas do relatório")}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => download(data)}>
              <Download aria-hidden="true" />
              Baixar dados
            </Button>
            <ConfirmDialog
              title="Anonimizar os dados deste cliente?"
              description="Nome, CPF, telefone e e-mail serão trocados por valores anônimos nas retiradas, devoluções, e-mails e linhas do relatório de alterações deste cliente. Os registros e as contagens continuam. Não é possível desfazer."
              confirmLabel="Anonimizar"
              variant="destructive"
              pending={anonymizing}
              onConfirm={onAnonymize}
              trigger={
                <Button variant="destructive" disabled={!!reason || anonymizing} aria-describedby={reason ? reasonId : undefined}>
                  <UserX aria-hidden="true" />
                  Anonimizar
                </Button>
              }
            />
          </div>
          <DisabledReason id={reasonId} reason={reason} />
        </CardContent>
      </Card>

      <Section title="Retiradas" empty="Nenhuma retirada." items={data.pickups}>
        {(p) => (
          <Fields
            key={p.id}
            heading={`Pedido ${p.orderNumber}`}
            fields={[
              ["Status", p.pickupStatus],
              ["Loja", p.pickupStoreName],
              ["Cliente", p.customerFullName],
              ["CPF", formatCpf(p.customerCPF)],
              ["Telefone", p.customerPhone],
              ["E-mail", p.customerEmail],
              ["Terceiro autorizado", p.authorizedThirdPartyPickup ? `${orDash(p.authorizedThirdPartyFullName)} · ${formatCpf(p.authorizedThirdPartyCPF ?? "")}` : "Não"],
              ["Data do envio", formatDateTime(p.orderDispatchDate)],
              ["Data de retirada", formatDate(p.scheduledPickupDate)],
              ["Data da retirada", p.actualPickupDate ? formatDateTime(p.actualPickupDate) : "—"],
              ["Itens", p.orderItems.join(", ")],
            ]}
          />
        )}
      </Section>

      <Section title="Devoluções" empty="Nenhuma devolução." items={data.returns}>
        {(r) => (
          <Fields
            key={r.id}
            heading={`Pedido ${r.orderNumber}`}
            fields={[
              ["Status", r.returnStatus],
              ["Cliente", r.customerFullName],
              ["CPF", formatCpf(r.customerCPF)],
              ["Telefone", r.customerPhone],
              ["E-mail", r.customerEmail],
              ["Loja da devolução", orDash(r.returnStore)],
              ["Data da ordem da devolução", formatDateTime(r.dateOfCreation)],
              ["Motivo da recusa", orDash(r.reasonForRefusal)],
              ["Itens", r.returnItems.join(", ")],
            ]}
          />
        )}
      </Section>

      <Section title="E-mails" empty="Nenhum e-mail." items={data.emails}>
        {(e) => (
          <Fields
            key={e.id}
            heading={e.subject}
            fields={[
              ["Tipo", label(OUTBOX_KIND_LABELS, e.kind)],
              ["Para", e.to.join(", ")],
              ["Situação", label(OUTBOX_STATUS_LABELS, e.status)],
              ["Criado em", formatDateTime(e.createdAt)],
              ["Enviado em", e.sentAt ? formatDateTime(e.sentAt) : "—"],
              ["Conteúdo", e.html ? htmlText(e.html) : "Apagado após o prazo de guarda."],
            ]}
          />
        )}
      </Section>

      <Section title="Linhas do relatório de alterações" empty="Nenhuma linha." items={data.auditLines}>
        {(l) => (
          <Fields
            key={l.id}
            heading={`${formatDateTime(l.at)} · ${l.actorName}`}
            fields={[
              ["Registro", label(AUDIT_ENTITY_LABELS, l.entity)],
              ["Ação", label(AUDIT_ACTION_LABELS, l.action)],
              ["Alterações", describeAuditChanges(l.action, l.changes, (iso) => formatDateTime(iso))],
            ]}
          />
        )}
      </Section>
    </>
  );
}

function count(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** An e-mail's body as plain text: read, never rendered as HTML here. */
function htmlText(html: string) {
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.replace(/\s+/g, " ").trim() || "—";
}

function Section<T>({ title, empty, items, children }: { title: string; empty: string; items: T[]; children: (item: T) => ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id={headingId}>
              {title} ({items.length})
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{items.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : items.map(children)}</CardContent>
      </Card>
    </section>
  );
}

function Fields({ heading, fields }: { heading: string; fields: [string, string][] }) {
  return (
    <article className="rounded-lg border p-3">
      <h3 className="mb-2 text-sm font-medium break-words">{heading}</h3>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        {fields.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="mb-1 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
