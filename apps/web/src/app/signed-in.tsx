import { STORE } from "@passo/domain/roles";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useValidateToken } from "@/features/auth/api/validate-token";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { useAppConfig } from "@/lib/app-config";
import { readCookie } from "@/lib/cookies";
import { setDisplayTimezone } from "@/lib/display-timezone";
import { useEndSession } from "@/hooks/use-end-session";
import { useOpenInApp } from "@/lib/open-link";
import { createQueryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { StartingScreen, useHydrating } from "./screen-frame";
import "@/lib/class-merge";

// The signed-in layer, a chunk of its own (app/guard.tsx loads it): the query client and TanStack
// Query are not part of the login page's first load.
const Shell = lazy(() => import("./shell").then((m) => ({ default: m.Shell })));
// Live updates start once the shell is on screen, in a chunk of their own.
const LiveUpdates = lazy(() => import("./live-updates").then((m) => ({ default: m.LiveUpdates })));
// The installable app's updates ('Nova versão disponível'), in a chunk of their own too.
const AppUpdates = lazy(() => import("./app-updates").then((m) => ({ default: m.AppUpdates })));
// A store's changes made offline go out when the connection returns, whatever the screen.
const OfflineReplay = lazy(() => import("@/features/picklists/offline/offline-replay").then((m) => ({ default: m.OfflineReplay })));

/** Dates show in the chain's time zone (APP_TIMEZONE), whatever the device's. */
function DisplayTimezone() {
  const { data } = useAppConfig();
  useEffect(() => {
    if (data?.timezone) setDisplayTimezone(data.timezone);
  }, [data?.timezone]);
  return null;
}

/** A toast's link (a created record) opens its screen without reloading the page. */
function OpenInApp() {
  useOpenInApp();
  return null;
}

/** One query client per signed-in visit: leaving for /login unmounts it with every cached answer. */
export default function SignedIn() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <DisplayTimezone />
      <OpenInApp />
      <Guard />
    </QueryClientProvider>
  );
}

/**
 * The route guard: while the user cookie is read, the loading screen; no token → /login; otherwise the
 * shell with the page at once, while the server checks the token (the screen's own queries go out
 * meanwhile, one round trip saved on a phone). A token the server refuses ends the session → /login:
 * the check's answer, or a 401 on any of the screen's queries (`passo:unauthorized`), whichever comes
 * first. Live updates start only once the token is accepted. A screen whose frame the server sent drawn
 * keeps that frame (app/screen-frame.tsx) until the screen is ready to replace it.
 */
function Guard() {
  const { user, token, loading, signIn, signOut } = useSession();
  // The token is checked from the first render, while the user cookie is still being read (its schema
  // loads meanwhile): the screen waits for one round trip, not two.
  const validation = useValidateToken(loading ? (readCookie(TOKEN_COOKIE) ?? null) : token);
  const location = useLocation();
  const endSession = useEndSession();
  // While React takes over a drawn frame, the guard draws that frame, as the build did (no session there).
  const hydrating = useHydrating();

  useEffect(() => {
    window.addEventListener("passo:unauthorized", endSession);
    return () => window.removeEventListener("passo:unauthorized", endSession);
  }, [endSession]);

  useEffect(() => {
    if (validation.isError) {
      console.error("Token inválido ou expirado.");
      signOut();
    }
  }, [validation.isError, signOut]);

  const validated = validation.data?.user;
  useEffect(() => {
    // The role or e-mail may have changed since the cookie was written.
    if (token && validated && user && (validated.role !== user.role || validated.email !== user.email)) signIn(token, validated);
  }, [token, validated, user, signIn]);

  if (hydrating || loading) return <StartingScreen hydrating={hydrating} />;
  if (!token || !user || validation.isError) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <Suspense fallback={<StartingScreen hydrating={false} />}>
      <Shell user={user} loadingUser={validation.isPending}>
        {validation.isSuccess && (
          <Suspense fallback={null}>
            <LiveUpdates token={token} user={user} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <AppUpdates />
          {user.role === STORE && <OfflineReplay />}
        </Suspense>
        <Outlet />
      </Shell>
    </Suspense>
  );
}
