import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { ThemeProvider, useTheme } from "@/components/layout/theme-provider";
import { SessionProvider } from "@/lib/session";
import { useAppConfig } from "@/lib/app-config";
import { setDisplayTimezone } from "@/lib/display-timezone";
import { createQueryClient } from "@/lib/query-client";

// The toaster is not part of the first load: it mounts once the page has loaded and is idle.
const Toaster = lazy(() => import("@/components/ui/sonner").then((m) => ({ default: m.Toaster })));

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
    // After the page's load event, so that its chunks do not share a phone's bandwidth with the screen's.
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === "function") {
        const id = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => setReady(true), 200);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === "complete") whenIdle();
    else {
      window.addEventListener("load", whenIdle, { once: true });
      cancel = () => window.removeEventListener("load", whenIdle);
    }
    return () => cancel();
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
