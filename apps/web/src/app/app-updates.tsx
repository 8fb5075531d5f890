import { useEffect } from "react";
import { toast } from "sonner";
import { registerSW } from "virtual:pwa-register";

/** What the person sees when a new version of the app is ready. */
export const NEW_VERSION_TITLE = "Nova versão disponível";
export const NEW_VERSION_DESCRIPTION = "Atualize para usar a versão mais recente do Passo.";
export const NEW_VERSION_ACTION = "Atualizar";

/** How often an open app asks the server for a new version (also whenever it comes back to the front). */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * The installable app's service worker (apps/web/sw/sw.ts), registered once signed in, in a chunk of
 * its own (the login's first JavaScript does not grow). A new version does not take over by itself:
 * 'Nova versão disponível' waits, with 'Atualizar', until the person is ready, and the app never keeps
 * an old version for long: it asks every hour and whenever the tablet wakes the app.
 */
export function AppUpdates({ enabled = import.meta.env.PROD }: { enabled?: boolean }) {
  useEffect(() => {
    if (!enabled || !("serviceWorker" in navigator)) return;
    let registration: ServiceWorkerRegistration | undefined;
    const update = registerSW({
      immediate: true,
      onNeedRefresh() {
        toast(NEW_VERSION_TITLE, {
          id: "new-version",
          description: NEW_VERSION_DESCRIPTION,
          duration: Infinity,
          action: { label: NEW_VERSION_ACTION, onClick: () => void update(true) },
        });
      },
      onRegisteredSW(_url, found) {
        registration = found;
      },
    });
    const check = () => {
      if (document.visibilityState === "visible" && navigator.onLine) void registration?.update().catch(() => undefined);
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [enabled]);
  return null;
}
