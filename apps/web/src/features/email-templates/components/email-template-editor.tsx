import { TEMPLATE_EXTRA_VARIABLES, templateInputSchemaFor, type Company, type EmailTemplate, type EmailTemplateInput } from "@passo/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCcwIcon } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { formResolver } from "@/lib/form-resolver";
import { CompanyGate } from "@/components/company-gate";
import { defaultEmailTemplatesQueryOptions } from "../api/get-default-email-templates";
import { useUpdateEmailTemplate } from "../api/update-email-template";
import { templateSample, templateSampleImages } from "../utils/template-samples";
import { HtmlEditor } from "./html-editor";
import { TemplatePreview } from "./template-preview";
import { TemplateTypeBadge } from "./template-type-badge";

interface TemplateFormValues {
  type: EmailTemplate["type"];
  title: EmailTemplate["title"];
  description: string;
  content: string;
}

export interface EmailTemplateEditorProps {
  template: EmailTemplate | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The template editor: subject, example record, HTML body and live preview; 'Redefinir' and 'Salvar'. */
export function EmailTemplateEditor({ template, open, onOpenChange }: EmailTemplateEditorProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-6xl">
        <DialogHeader>
          <DialogTitle>Editar modelo de e-mail</DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-wrap items-center gap-2">
              {template && (
                <>
                  <span>{template.title}</span>
                  <TemplateTypeBadge type={template.type} />
                </>
              )}
            </div>
          </DialogDescription>
        </DialogHeader>
        {template && (
          <CompanyGate>
            {(company, timeZone) => (
              <EmailTemplateForm
                key={template.id}
                template={template}
                company={company}
                timeZone={timeZone}
                onDone={() => onOpenChange(false)}
              />
            )}
          </CompanyGate>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EmailTemplateForm({
  template,
  company,
  timeZone,
  onDone,
}: {
  template: EmailTemplate;
  company: Company;
  timeZone: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useUpdateEmailTemplate();
  const [resetting, setResetting] = useState(false);
  const exampleId = useId();
  const form = useForm<TemplateFormValues, unknown, EmailTemplateInput>({
    resolver: formResolver(templateInputSchemaFor(template.type)),
    defaultValues: { type: template.type, title: template.title, description: template.description, content: template.content },
  });

  const sample = useMemo(() => templateSample(template.title, template.type), [template.title, template.type]);
  const images = useQuery({
    queryKey: ["email-template-sample-images", template.title, template.type],
    queryFn: () => templateSampleImages(template.title, template.type),
    staleTime: Infinity,
  }).data;
  const extraVariables = TEMPLATE_EXTRA_VARIABLES[template.title];
  const [description, content] = useWatch({ control: form.control, name: ["description", "content"] });
  // Typing stays responsive on a long body: the preview follows a moment later if need be.
  const preview = useDeferredValue(useMemo(() => ({ description, content }), [description, content]));

  /** 'Redefinir': the shipped subject and body of this type and title, into the form (saved on 'Salvar'). */
  const restoreDefault = async () => {
    setResetting(true);
    try {
      const defaults = await queryClient.fetchQuery(defaultEmailTemplatesQueryOptions());
      const shipped = defaults.find((d) => d.type === template.type && d.title === template.title);
      if (!shipped) return;
      const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
      form.setValue("description", shipped.description, options);
      form.setValue("content", shipped.content, options);
    } catch (error) {
      console.error(error instanceof Error ? error.message : "Erro ao buscar dados");
    } finally {
      setResetting(false);
    }
  };

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ template, body: values }).then(onDone, () => undefined),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Editar modelo de e-mail" className="min-w-0">
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <FieldGroup className="min-w-0">
          <Controller
            name="description"
            control={form.control}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid}>
                <FieldLabel htmlFor="template-subject">Assunto</FieldLabel>
                <FieldControl>
                  <Input {...field} id="template-subject" autoComplete="off" />
                </FieldControl>
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
          <div className="flex min-w-0 flex-col gap-2">
            <h3 id={exampleId} className="text-sm font-medium">
              Exemplo de dados (JSON)
            </h3>
            <pre
              role="region"
              aria-labelledby={exampleId}
              tabIndex={0}
              className="max-h-40 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs leading-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {JSON.stringify(sample, null, 2)}
            </pre>
            <p className="text-sm text-muted-foreground">
              Use <code className="font-mono">{"{{campo}}"}</code> para inserir um valor,{" "}
              <code className="font-mono">{"{{#lista}}<li>{{.}}</li>{{/lista}}"}</code> para repetir um trecho para cada item e{" "}
              <code className="font-mono">{"{{companyName}}"}</code> para o nome da rede.
            </p>
            {extraVariables.length > 0 && (
              <ul aria-label="Variáveis deste modelo" className="list-disc pl-5 text-sm text-muted-foreground">
                {extraVariables.map((variable) => (
                  <li key={variable.name}>
                    <code className="font-mono">{`{{${variable.name}}}`}</code>: {variable.description}.
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Controller
            name="content"
            control={form.control}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid}>
                <FieldLabel htmlFor="template-content">Conteúdo (HTML)</FieldLabel>
                <FieldControl>
                  <HtmlEditor id="template-content" value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
                </FieldControl>
                <FieldDescription>O corpo do e-mail em HTML. Scripts não são executados na pré-visualização.</FieldDescription>
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
        </FieldGroup>
        <section aria-label="Pré-visualização" className="flex min-w-0 flex-col gap-2">
          <h3 className="text-sm font-medium">Pré-visualização</h3>
          <TemplatePreview
            template={preview}
            record={sample}
            {...(images ? { images } : {})}
            company={company}
            timeZone={timeZone}
            title="Pré-visualização do e-mail"
            showSubject
            className="h-[350px] lg:h-[560px]"
          />
        </section>
      </div>
      {/* Kept in view while the dialog scrolls. */}
      <DialogFooter className="sticky -bottom-6 z-10 -mx-6 mt-6 -mb-6 border-t bg-background px-6 py-4">
        <Button type="button" variant="outline" onClick={() => void restoreDefault()} disabled={resetting || mutation.isPending}>
          {resetting ? <Spinner aria-hidden="true" /> : <RotateCcwIcon aria-hidden="true" />}
          Redefinir
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner aria-hidden="true" />}
          Salvar
        </Button>
      </DialogFooter>
    </form>
  );
}
