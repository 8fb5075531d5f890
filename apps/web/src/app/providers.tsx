import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { ThemeProvider, useTheme } from "@/components/layout/theme-provider";
import { SessionProvider } from "@/features/auth/session";
import { ApiError } from "@/lib/api-client";
import { useAppConfig } from "@/lib/app-config";
import { formatDateTime, setDisplayTimezone } from "@/lib/dates";

declare module "@tanstack/react-query" {
  interface Register {
    /** `silent`: the screen shows this failure itself (the login alert, the token check). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

// Issue 8: sonner is not part of the first load. The toaster mounts once the page is idle, and toasts
// asked for before that are shown when it subscribes (sonner replays them).
const loadSonner = () => import("sonner");
const Toaster = lazy(() => import("@/components/ui/sonner").then((m) => ({ default: m.Toaster })));

/** A 401 on any call ends the session: the guard then sends the user to /login. */
function onUnauthorized() {
  window.dispatchEvent(new Event("passo:unauthorized"));
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (error instanceof ApiError && error.status === 401 && !query.meta?.silent) onUnauthorized();
        // Spec 8: a failed load is written to the console; the screen shows its own empty or error state.
        else console.error(error instanceof Error ? error.message : "Erro ao buscar dados");
      },
    }),
    mutationCache: new MutationCache({
      onSuccess(data) {
        // Spec 7: every successful write shows the server's message with the date and time.
        const message = (data as { message?: unknown } | undefined)?.message;
        if (typeof message === "string") {
          const description = formatDateTime(new Date());
          void loadSonner().then(({ toast }) => toast.success(message, { description }));
        }
      },
      onError(error, _variables, _context, mutation) {
        if (error instanceof ApiError && error.status === 401 && !mutation.meta?.silent) return onUnauthorized();
        if (mutation.meta?.silent) return;
        if (error instanceof ApiError) void loadSonner().then(({ toast }) => toast.error(error.message));
        else console.error(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}

/** Dates show in the chain's time zone (APP_TIMEZONE), whatever the device's. */
function DisplayTimezone() {
  const { data } = useAppConfig();
  useEffect(() => {
    if (data?.timezone) setDisplayTimezone(data.timezone);
  }, [data?.timezone]);
  return null;
}

function ThemedToaster() {
  const { theme } = useTheme();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <DisplayTimezone />
          {children}
          <ThemedToaster />
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
