import { useEffect } from "react";
import { StatusPage } from "@/components/layout/status-page";
import { Button } from "@/components/ui/button";

/** A screen that failed to load (a new version was published, or the network dropped). */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="min-h-svh">
      <StatusPage code={500} title="Não foi possível abrir esta página.">
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </StatusPage>
    </div>
  );
}
