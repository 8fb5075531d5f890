import { useQueryClient } from "@tanstack/react-query";
import { RefreshCwIcon } from "lucide-react";

import type { ScreenTexts } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { RETURNS_KEY } from "@/features/returns/api/get-returns";
import { ReturnProcessDialogs } from "@/features/returns/components/return-process-dialogs";
import { ReturnDialogsProvider } from "@/features/returns/components/return-dialogs-provider";
import { ReturnProcessTables } from "@/features/returns/components/return-process-tables";

export default function ReturnProcessRoute({ title, description }: ScreenTexts) {
  const queryClient = useQueryClient();
  return (
    <ReturnDialogsProvider>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
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
