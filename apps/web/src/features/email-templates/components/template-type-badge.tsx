import type { TemplateType } from "@passo/domain";
import { Badge } from "@/components/ui/badge";

const VARIANT: Record<TemplateType, "default" | "secondary" | "destructive" | "success" | "outline"> = {
  Notificação: "default",
  Alerta: "destructive",
  Confirmação: "success",
  Lembrete: "secondary",
  "Lembrete automático": "outline",
  Escalonamento: "destructive",
};

/** A template's type (Notificação, Alerta, Confirmação, Lembrete, and the automatic Lembrete automático and Escalonamento). */
export function TemplateTypeBadge({ type }: { type: TemplateType }) {
  return <Badge variant={VARIANT[type]}>{type}</Badge>;
}
