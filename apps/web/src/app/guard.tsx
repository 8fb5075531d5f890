import { homePath, type Role } from "@passo/domain/roles";
import { lazy, Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { useSession } from "@/lib/session";
import { StartingScreen } from "./screen-frame";

// What a signed-in page needs and the login page does not (the query client, TanStack Query, the
// token check, the shell) loads after the login page: app/signed-in.tsx and the shell, two chunks.
const loadSignedIn = () => import("./signed-in");
const SignedIn = lazy(loadSignedIn);
const loadShell = () => import("./shell");

/**
 * Starts loading the signed-in layer and the shell ahead of the guard (a signed-in page load). The
 * shell is imported only once the signed-in layer has run: the build's `signed-in` chunk and the
 * shell's chunk may import each other (the shell's chunk holds the menus' icons), and a cycle of
 * modules runs from the side that is imported first, so the order is kept the one the guard itself
 * follows. (The screen registry names its icons and the shell resolves them when it draws the menus,
 * so no module reads an icon while the chunks run: once React error #130 on a reload whose chunks
 * arrived in the other order.) The shell's file is fetched meanwhile all the same: the server's
 * modulepreload links, and the `signed-in` chunk's own import of it.
 */
export function preloadShell() {
  // A failure shows when they render.
  loadSignedIn()
    .then(loadShell)
    .catch(() => {});
}

/** The route guard (app/signed-in.tsx), loaded on first use; the loading screen (or the screen's frame) meanwhile. */
export function ProtectedRoute() {
  return (
    <Suspense fallback={<StartingScreen hydrating={false} />}>
      <SignedIn />
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
