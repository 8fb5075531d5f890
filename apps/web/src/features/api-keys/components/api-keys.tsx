import { API_KEY_SCOPE_LABELS } from "@passo/domain";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/dates";
import { useApiKeys, type ApiKeyRecord } from "@/api/get-api-keys";
import { loadFailure } from "@/lib/load-failure";
import { useRevokeApiKey } from "../api/revoke-api-key";
import { ApiKeyCreateDialog } from "./api-key-create-dialog";

/** 'Chaves de API': the keys other systems sign their requests with. */
/** The screen, under its title and description (the screen registry's). */
export function ApiKeys({ title, description }: ScreenTexts) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRecord | null>(null);

  const columns: DataTableColumn<ApiKeyRecord>[] = [
    { id: "name", header: "Nome", cell: (key) => key.name, className: "font-medium" },
    {
      id: "scopes",
      header: "Acessos",
      cell: (key) => (
        <div className="flex flex-wrap gap-1">
          {key.scopes.map((scope) => (
            <Badge key={scope} variant="outline">
              {API_KEY_SCOPE_LABELS[scope]}
            </Badge>
          ))}
        </div>
      ),
    },
    { id: "createdAt", header: "Criada em", cell: (key) => formatDateTime(key.createdAt), className: "whitespace-nowrap" },
    {
      id: "lastUsedAt",
      header: "Último uso",
      cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : <span className="text-muted-foreground">Nunca usada</span>),
      className: "whitespace-nowrap",
    },
    {
      id: "actions",
      header: "Ações",
      cell: (key) => (
        <Button variant="outline" size="sm" onClick={() => setRevoking(key)} aria-label={`Revogar a chave ${key.name}`}>
          Revogar
        </Button>
      ),
      className: "w-28",
    },
  ];

  return (
    <Page
      title={title}
      description={description}
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Nova chave
        </Button>
      }
    >
      <DataTable
        caption="Chaves de API"
        columns={columns}
        rows={keys.data?.apiKeys}
        loading={keys.isPending}
        rowKey={(key) => key.id}
        emptyText="Nenhuma chave de API criada."
        failure={loadFailure(keys)}
      />
      <ApiKeyCreateDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revogar a chave ${revoking?.name ?? ""}?`}
        description="O sistema que usa esta chave perde o acesso na hora. Esta ação não pode ser desfeita."
        confirmLabel="Revogar"
        variant="destructive"
        onConfirm={() => revoking && revoke.mutateAsync(revoking.id)}
      />
    </Page>
  );
}
