import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, apiKeyCreateSchema, type ApiKeyCreate, type ApiKeyScope } from "@passo/domain";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { CopyButton } from "@/components/feedback/copy-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formResolver } from "@/lib/form-resolver";
import { useCreateApiKey } from "../api/create-api-key";

interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
}

const SCOPE_HINTS: Record<ApiKeyScope, string> = {
  picklists: "Ler e criar listas de separação.",
  pickups: "Ler e criar retiradas em loja, e enviar a NF-e.",
  returns: "Ler e criar devoluções em loja.",
  products: "Ler o catálogo de produtos e importá-lo.",
};

/**
 * 'Nova chave de API': a name and what the key reaches; once created, the key is shown this one time,
 * with a copy button, until the dialog closes.
 */
export function ApiKeyCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const change = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Chave criada</DialogTitle>
              <DialogDescription>Copie a chave de {created.name} e guarde-a no sistema que vai usá-la.</DialogDescription>
            </DialogHeader>
            <Alert role="status">
              <TriangleAlert aria-hidden="true" />
              <AlertDescription>Esta é a única vez que a chave aparece. Se ela se perder, revogue-a e crie outra.</AlertDescription>
            </Alert>
            <div className="flex items-center gap-2">
              <Input readOnly value={created.key} aria-label="Chave de API" className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={created.key} label="Copiar chave" variant="text" className="shrink-0" />
            </div>
            <DialogFooter>
              <Button onClick={() => change(false)}>Concluir</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Nova chave de API</DialogTitle>
              <DialogDescription>Para outro sistema, como a plataforma de e-commerce, criar e consultar registros no Passo.</DialogDescription>
            </DialogHeader>
            <ApiKeyForm onCreated={setCreated} onCancel={() => change(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ApiKeyForm({ onCreated, onCancel }: { onCreated: (created: { name: string; key: string }) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const form = useForm<ApiKeyFormValues, unknown, ApiKeyCreate>({
    resolver: formResolver(apiKeyCreateSchema),
    defaultValues: { name: "", scopes: [] },
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutateAsync(values).then(
      ({ apiKey, key }) => onCreated({ name: apiKey.name, key }),
      () => undefined,
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Nova chave de API">
      <FieldGroup>
        <Controller
          name="name"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="api-key-name">Nome</FieldLabel>
              <FieldControl>
                <Input {...field} id="api-key-name" autoComplete="off" placeholder="Plataforma de e-commerce" />
              </FieldControl>
              <FieldDescription>Para reconhecer quem usa a chave no histórico de alterações.</FieldDescription>
              <FieldError errors={[fieldState.error]} />
            </Field>
          )}
        />
        <Controller
          name="scopes"
          control={form.control}
          render={({ field, fieldState }) => (
            <fieldset className="grid gap-3" data-invalid={fieldState.invalid || undefined}>
              <legend className="mb-1 text-sm font-medium">Acessos</legend>
              {API_KEY_SCOPES.map((scope) => (
                <div key={scope} className="flex items-start gap-3">
                  <Checkbox
                    id={`api-key-scope-${scope}`}
                    checked={field.value.includes(scope)}
                    onCheckedChange={(checked) =>
                      field.onChange(checked === true ? [...field.value, scope] : field.value.filter((s) => s !== scope))
                    }
                    aria-describedby={`api-key-scope-${scope}-hint`}
                  />
                  <div className="grid gap-0.5 leading-none">
                    <Label htmlFor={`api-key-scope-${scope}`}>{API_KEY_SCOPE_LABELS[scope]}</Label>
                    <p id={`api-key-scope-${scope}-hint`} className="text-sm text-muted-foreground">
                      {SCOPE_HINTS[scope]}
                    </p>
                  </div>
                </div>
              ))}
              <FieldError errors={[fieldState.error]} />
            </fieldset>
          )}
        />
        <DialogFormButtons submitLabel="Criar chave" pending={create.isPending} onCancel={onCancel} />
      </FieldGroup>
    </form>
  );
}
