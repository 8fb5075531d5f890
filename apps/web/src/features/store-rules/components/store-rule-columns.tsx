import type { StoreRule } from "@passo/domain";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { RowActions } from "@/components/data-table/row-actions";
import { useStoreRuleDialogs } from "./store-rule-dialogs-provider";

function Flag({ on }: { on: boolean }) {
  return <Badge variant={on ? "success" : "outline"}>{on ? "Ativada" : "Desativada"}</Badge>;
}

function StoreRuleRowActions({ rule }: { rule: StoreRule }) {
  const { show } = useStoreRuleDialogs();
  return (
    <RowActions
      editLabel={`Editar notificação da loja ${rule.store}`}
      deleteLabel={`Excluir notificação da loja ${rule.store}`}
      onEdit={() => show("edit", rule)}
      onDelete={() => show("delete", rule)}
    />
  );
}

/** The store, who hears about it, and which flows send e-mails. */
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
  { id: "actions", header: "Ações", cell: (rule) => <StoreRuleRowActions rule={rule} />, className: "w-24" },
];
