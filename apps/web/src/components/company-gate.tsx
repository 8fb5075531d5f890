import type { Company } from "@passo/domain";
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useCompany } from "@/hooks/use-company";

/** Renders the form once the chain's name and e-mail domain are known: its e-mail rule needs them. */
export function CompanyGate({ children }: { children: (company: Company, timeZone: string) => ReactNode }) {
  const { company, timeZone, isError } = useCompany();
  if (company) return children(company, timeZone);
  if (isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Não foi possível carregar a configuração. Tente novamente.
      </p>
    );
  }
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
      <Spinner aria-hidden="true" />
      Carregando...
    </div>
  );
}
