import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { request } from "@/lib/api-client";
import { forgetOfflineCopies } from "@/lib/offline-copies";
import { useSession } from "@/lib/session";

/** How long 'Sair' waits for the server before signing out here anyway. */
const LOGOUT_WAIT_MS = 3_000;

/** Ends the session and goes to /login, forgetting every answer cached for the user who leaves. */
export function useEndSession(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    queryClient.clear();
    void forgetOfflineCopies();
    navigate("/login", { replace: true });
  }, [signOut, queryClient, navigate]);
}

/**
 * 'Sair': the server ends the token first (POST /api/auth/logout), so a copy of it stops working too;
 * the session here ends whatever the server answers (offline, or the token already refused).
 */
export function useSignOut(): () => Promise<void> {
  const endSession = useEndSession();
  return useCallback(async () => {
    try {
      await request("POST", "/auth/logout", { signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
    } catch {
      // Signed out here all the same.
    }
    endSession();
  }, [endSession]);
}
