import { WifiOffIcon } from "lucide-react";
import { useLocation } from "react-router";
import { useOnline } from "@/lib/connection";

export const OFFLINE_MESSAGE = "Sem conexão. As telas mostram o que foi visto por último e voltam a se atualizar quando a conexão voltar.";
/** Pickups and returns check the customer's CPF at the server: they wait for the connection. */
export const OFFLINE_COUNTER_MESSAGE = "Retiradas e devoluções precisam da conexão para conferir o CPF do cliente. Aguarde a conexão voltar.";

/** 'Iniciar separação' goes on offline: its changes wait on the device (the words). */
export const OFFLINE_PICKING_MESSAGE = "Sem conexão — suas alterações serão enviadas quando a conexão voltar.";

const COUNTER_SCREENS = /^\/(pickup|return)/;
const PICKING_SCREEN = /^\/picklist-pending/;

/** Above every screen while the device has no connection: what still works, and what waits. */
export function OfflineBar() {
  const online = useOnline();
  const { pathname } = useLocation();
  if (online) return null;
  return (
    <div role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <WifiOffIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {PICKING_SCREEN.test(pathname) ? OFFLINE_PICKING_MESSAGE : OFFLINE_MESSAGE}
        {COUNTER_SCREENS.test(pathname) && <span className="block font-medium">{OFFLINE_COUNTER_MESSAGE}</span>}
      </p>
    </div>
  );
}
