import { ADMIN, type Role } from "@passo/domain";
import { Badge } from "@/components/ui/badge";

/** Outline for Usuário básico, secondary for Administrador. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={role === ADMIN ? "secondary" : "outline"}>{role}</Badge>;
}
