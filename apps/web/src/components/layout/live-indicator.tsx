import { RefreshCwOffIcon } from "lucide-react";
import { useLiveDisconnected } from "@/lib/live-status";

export const LIVE_DISCONNECTED = "Atualização automática desconectada. Reconectando…";

/** A quiet note in the header while the live updates are down; 'Buscar' and 'Atualizar' still work. */
export function LiveIndicator() {
  const disconnected = useLiveDisconnected();
  return (
    <div role="status" className="contents">
      {disconnected && (
        <span
          title={LIVE_DISCONNECTED}
          className="flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <RefreshCwOffIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only lg:not-sr-only">{LIVE_DISCONNECTED}</span>
        </span>
      )}
    </div>
  );
}
