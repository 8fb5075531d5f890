import { RotateCwIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import type { LoadFailure } from "@/lib/load-failure";

/**
 * What a card shows in place of its rows or figures when their request failed: the server's words
 * when it sent some, and 'Tentar novamente' for that request alone, so the rest of the screen keeps working.
 */
export function LoadFailureMessage({ failure, what = "a lista" }: { failure: LoadFailure; what?: string }) {
  const detail = failure.error instanceof ApiError ? failure.error.message : undefined;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-2 py-6 text-center text-sm whitespace-normal">
      <p>
        Não foi possível carregar {what}.
        {detail && <span className="block text-muted-foreground">{detail}</span>}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={failure.retry}>
        <RotateCwIcon aria-hidden="true" />
        Tentar novamente
      </Button>
    </div>
  );
}
