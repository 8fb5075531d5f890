import { Page } from "@/components/layout/page";
import { Skeleton } from "@/components/ui/skeleton";
import { useDeadlines } from "../api/get-deadlines";
import { DeadlinesForm } from "./deadlines-form";

/** 'Prazos', once loaded. */
export function DeadlinesSettings() {
  const deadlines = useDeadlines();
  return (
    <Page title="Prazos" description="Defina quando o cliente é lembrado, quando a loja é cobrada e quando um pedido fica atrasado.">
      {deadlines.isPending ? (
        <Skeleton role="status" aria-label="Carregando..." className="h-80 rounded-xl" />
      ) : deadlines.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Não foi possível carregar os prazos.
        </p>
      ) : (
        <DeadlinesForm deadlines={deadlines.data} />
      )}
    </Page>
  );
}
