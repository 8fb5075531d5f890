import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useSession } from "@/lib/session";

/** Ends the session and goes to /login, forgetting every answer cached for the user who leaves. */
export function useEndSession(): () => void {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    queryClient.clear();
    navigate("/login", { replace: true });
  }, [signOut, queryClient, navigate]);
}
