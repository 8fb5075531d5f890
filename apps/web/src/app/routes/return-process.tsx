import { useQueryClient } from "@tanstack/react-query";
import { RefreshCwIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { RETURNS_KEY } from "@/features/returns/api/get-returns";
import { ReturnProcessDialogs } from "@/features/returns/components/return-process-dialogs";
import { ReturnDialogsProvider } from "@/features/returns/components/return-dialogs-provider";
import { ReturnProcessTables } from "@/features/returns/components/return-process-tables";

export default function ReturnProcessRoute() {
  const queryClient = useQueryClient();
  return (
    <ReturnDialogsProvider>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            {/* The product's spelling, kept to the letter. */}
            <h1 className="text-2xl font-semibold tracking-tight">Processos de devoluçoes</h1>
            <p className="text-sm text-muted-foreground">
              Acompanhe as devoluções pendentes e conclua as recebidas nas lojas.
            </p>
          </div>
          <Button variant="outline" onClick={() => void queryClient.invalidateQueries({ queryKey: RETURNS_KEY })}>
            <RefreshCwIcon aria-hidden="true" />
            Atualizar
          </Button>
        </div>
        <ReturnProcessTables />
      </div>
      <ReturnProcessDialogs />
    </ReturnDialogsProvider>
  );
}
