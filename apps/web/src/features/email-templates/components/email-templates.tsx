import type { EmailTemplate } from "@passo/domain";
import { useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { CompanyGate } from "@/components/company-gate";
import { Page } from "@/components/layout/page";
import { useEmailTemplates } from "../api/get-email-templates";
import { EmailTemplateCard } from "./email-template-card";
import { EmailTemplateEditor } from "./email-template-editor";

/** 'Modelos de e-mail': one card per template; a card opens its editor. */
export function EmailTemplates() {
  const templates = useEmailTemplates();
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <Page
      title="Modelos de e-mail"
      description="Edite o assunto e o conteúdo dos e-mails enviados às lojas, aos responsáveis e aos clientes."
    >
      {templates.isPending ? (
        <div role="status" aria-label="Carregando..." className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72 rounded-xl" />
          ))}
        </div>
      ) : templates.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Não foi possível carregar os modelos de e-mail.
        </p>
      ) : (
        <CompanyGate>
          {(company, timeZone) => (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Modelos de e-mail">
              {templates.data.map((template) => (
                <li key={template.id} className="min-w-0">
                  <EmailTemplateCard
                    template={template}
                    company={company}
                    timeZone={timeZone}
                    onOpen={() => {
                      setEditing(template);
                      setOpen(true);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </CompanyGate>
      )}
      <EmailTemplateEditor template={editing} open={open} onOpenChange={setOpen} />
    </Page>
  );
}
