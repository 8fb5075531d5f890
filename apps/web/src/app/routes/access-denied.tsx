import { ADMIN, SUPERVISOR, homePath } from "@passo/domain/roles";
import { Link } from "react-router";
import { StatusPage } from "@/components/layout/status-page";
import { Button } from "@/components/ui/button";
import "@/lib/class-merge";
import { useSession } from "@/lib/session";

export default function AccessDeniedRoute() {
  const { user } = useSession();
  const home = !user ? "/login" : user.role === ADMIN ? "/picklist-process" : user.role === SUPERVISOR ? homePath(user.role) : "/picklist-pending";
  return (
    <div className="min-h-svh">
      <StatusPage code={403} title="Acesso negado.">
        <Button asChild>
          <Link to={home}>Voltar para a página inicial</Link>
        </Button>
      </StatusPage>
    </div>
  );
}
