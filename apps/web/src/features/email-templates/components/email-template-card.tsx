import type { Company, EmailTemplate } from "@passo/domain";
import { useMemo } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { templateSample } from "../utils/template-samples";
import { TemplatePreview } from "./template-preview";
import { TemplateTypeBadge } from "./template-type-badge";

export const templateLabel = (template: Pick<EmailTemplate, "title" | "type">) => `${template.title} (${template.type})`;

/** A template's title, type, subject and a thumbnail of the e-mail; the whole card opens the editor. */
export function EmailTemplateCard({
  template,
  company,
  timeZone,
  onOpen,
}: {
  template: EmailTemplate;
  company: Company;
  timeZone: string;
  onOpen: () => void;
}) {
  const record = useMemo(() => templateSample(template.title, template.type), [template.title, template.type]);
  return (
    <Card className="relative h-full gap-3 py-4 transition-colors focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-primary/60">
      <CardHeader className="px-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="leading-tight font-semibold">
            <button
              type="button"
              onClick={onOpen}
              aria-label={`Editar modelo ${templateLabel(template)}`}
              // The button's area covers the whole card.
              className="text-left outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
            >
              {template.title}
            </button>
          </h2>
          <TemplateTypeBadge type={template.type} />
        </div>
        <CardDescription className="line-clamp-2 break-words" title={template.description}>
          {template.description}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <TemplatePreview
          template={template}
          record={record}
          company={company}
          timeZone={timeZone}
          title={`Pré-visualização de ${templateLabel(template)}`}
          className="h-48"
          decorative
        />
      </CardContent>
    </Card>
  );
}
