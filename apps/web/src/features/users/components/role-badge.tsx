import { ADMIN, type Role } from "@passo/domain";
import { Badge } from "@/components/ui/badge";

/** Spec 2.10: outline for Usuário básico, secondary for Administrador. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={role === ADMIN ? "secondary" : "outline"}>{role}</Badge>;
}
