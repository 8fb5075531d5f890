import { homePath, type Role } from "@passo/domain/roles";
import { lazy, Suspense, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { useValidateToken } from "@/features/auth/api/validate-token";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { readCookie } from "@/lib/cookies";
import { useEndSession } from "@/hooks/use-end-session";
import { useSession } from "@/lib/session";

// The shell is not needed to sign in: it loads after the login page.
const loadShell = () => import("@/components/layout/app-layout").then((m) => ({ default: m.AppLayout }));
const AppLayout = lazy(loadShell);
// Live updates start once the shell is on screen, in a chunk of their own.
const LiveUpdates = lazy(() => import("./live-updates").then((m) => ({ default: m.LiveUpdates })));

/** Starts loading the shell ahead of the guard (a signed-in page load). */
export function preloadShell() {
  loadShell().catch(() => {}); // a failure shows when the shell renders
}

/**
 * The route guard: while loading, the loading screen; no token → /login; a token the
 * server does not accept → /login; otherwise the shell with the page.
 */
export function ProtectedRoute() {
  const { user, token, loading, signIn, signOut } = useSession();
  // The token is checked from the first render, while the user cookie is still being read (its schema
  // loads meanwhile): the screen waits for one round trip, not two.
  const validation = useValidateToken(loading ? (readCookie(TOKEN_COOKIE) ?? null) : token);
  const location = useLocation();
  const endSession = useEndSession();

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

  if (loading) return <LoadingScreen />;
  if (!token || !user || validation.isError) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AppLayout user={user} loadingUser={validation.isPending}>
        {validation.isPending ? null : (
          <>
            <Suspense fallback={null}>
              <LiveUpdates token={token} user={user} />
            </Suspense>
            <Outlet />
          </>
        )}
      </AppLayout>
    </Suspense>
  );
}

/** A role outside the screen's list goes to /access-denied. */
export function RoleGate({ roles }: { roles: readonly Role[] }) {
  const { user } = useSession();
  if (!user || !roles.includes(user.role)) return <Navigate to="/access-denied" replace />;
  return <Outlet />;
}

/** `/`: an Administrador to /picklist-process, anyone else to /pickup-pending. */
export function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? homePath(user.role) : "/login"} replace />;
}
