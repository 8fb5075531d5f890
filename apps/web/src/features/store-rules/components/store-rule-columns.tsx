import type { StoreRule } from "@passo/domain";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";

function Flag({ on }: { on: boolean }) {
  return <Badge variant={on ? "success" : "outline"}>{on ? "Ativada" : "Desativada"}</Badge>;
}

/** The store, who hears about it, and which flows send e-mails (the screen adds Ações). */
export const storeRuleColumns: DataTableColumn<StoreRule>[] = [
  { id: "store", header: "Loja", cell: (rule) => rule.store, className: "font-medium" },
  { id: "supervisor", header: "Supervisor", cell: (rule) => rule.supervisor },
  { id: "manager", header: "Gerente", cell: (rule) => rule.manager },
  {
    id: "assistantManager",
    header: "Subgerente",
    cell: (rule) => rule.assistantManager ?? <span className="text-muted-foreground">—</span>,
  },
  { id: "picklist", header: "Lista de separação", cell: (rule) => <Flag on={rule.notificationPicklist} /> },
  { id: "pickup", header: "Retirada em loja", cell: (rule) => <Flag on={rule.notificationPickup} /> },
  { id: "return", header: "Devolução em loja", cell: (rule) => <Flag on={rule.notificationReturn} /> },
];

/** The names of a row's Ações buttons. */
export const storeRuleActions = (rule: StoreRule) => ({
  edit: `Editar notificação da loja ${rule.store}`,
  delete: `Excluir notificação da loja ${rule.store}`,
});
