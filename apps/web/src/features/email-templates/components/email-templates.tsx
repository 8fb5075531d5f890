import type { Company, EmailTemplate } from "@passo/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { CompanyGate } from "@/components/company-gate";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { useAutomaticEmailTemplates, useEmailTemplates } from "../api/get-email-templates";
import { EmailTemplateCard } from "./email-template-card";
import { EmailTemplateEditor } from "./email-template-editor";

/**
 * 'Modelos de e-mail': one card per template, the spec's twelve first, then the automatic ones
 * (the e-mails the deadline check sends by itself) in their own section; a card opens its editor.
 */
/** The screen, under its title and description (the screen registry's). */
export function EmailTemplates({ title, description }: ScreenTexts) {
  const templates = useEmailTemplates();
  const automatic = useAutomaticEmailTemplates();
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (template: EmailTemplate) => {
    setEditing(template);
    setOpen(true);
  };

  return (
    <Page
      title={title}
      description={description}
    >
      <TemplateGrid query={templates} label="Modelos de e-mail" error="Não foi possível carregar os modelos de e-mail." skeletons={6} onOpen={edit} />
      <AutomaticTemplates query={automatic} onOpen={edit} />
      <EmailTemplateEditor template={editing} open={open} onOpenChange={setOpen} />
    </Page>
  );
}

function AutomaticTemplates({ query, onOpen }: { query: UseQueryResult<EmailTemplate[]>; onOpen: (template: EmailTemplate) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Modelos automáticos
        </h2>
        <p className="text-sm text-muted-foreground">
          E-mails enviados sozinhos quando um prazo vence: o lembrete ao cliente, o escalonamento aos responsáveis e o lembrete da lista não
          iniciada. Os prazos ficam em 'Prazos'.
        </p>
      </div>
      <TemplateGrid query={query} label="Modelos automáticos" error="Não foi possível carregar os modelos automáticos." skeletons={3} onOpen={onOpen} />
    </section>
  );
}

function TemplateGrid({
  query,
  label,
  error,
  skeletons,
  onOpen,
}: {
  query: UseQueryResult<EmailTemplate[]>;
  label: string;
  error: string;
  skeletons: number;
  onOpen: (template: EmailTemplate) => void;
}) {
  if (query.isPending)
    return (
      <div role="status" aria-label="Carregando..." className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: skeletons }, (_, i) => (
          <Skeleton key={i} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error}
      </p>
    );
  return (
    <CompanyGate>
      {(company: Company, timeZone: string) => (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={label}>
          {query.data.map((template) => (
            <li key={template.id} className="min-w-0">
              <EmailTemplateCard template={template} company={company} timeZone={timeZone} onOpen={() => onOpen(template)} />
            </li>
          ))}
        </ul>
      )}
    </CompanyGate>
  );
}
