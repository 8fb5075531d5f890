import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { ThemeProvider, useTheme } from "@/components/layout/theme-provider";
import { afterLoadIdle } from "@/lib/after-load";
import { SessionProvider } from "@/lib/session";

// The toaster is not part of the first load: it mounts once the page has loaded and is idle.
const Toaster = lazy(() => import("@/components/ui/sonner").then((m) => ({ default: m.Toaster })));

function ThemedToaster() {
  const { theme } = useTheme();
  const [ready, setReady] = useState(false);
  // After the page's load event, so that its chunks do not share a phone's bandwidth with the screen's.
  useEffect(() => afterLoadIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  // The query client is created with the signed-in layer (app/signed-in.tsx): the login page does without.
  return (
    <ThemeProvider>
      <SessionProvider>
        {children}
        <ThemedToaster />
      </SessionProvider>
    </ThemeProvider>
  );
}
