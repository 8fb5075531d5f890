import type { User } from "@passo/domain/auth";
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { readCookie, removeCookie, writeCookie } from "@/lib/cookies";

const USER_COOKIE = "user";

interface Session {
  user: User | null;
  token: string | null;
  /** True until the cookies have been read: a session starts loading. */
  loading: boolean;
  signIn(token: string, user: User): void;
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The user cookie, checked against the domain's schema. The schema (zod) loads here rather than with
 * the page (the login page's budget: docs/architecture.md): the session stays `loading` meanwhile.
 */
async function readStoredUser(): Promise<User | null> {
  const raw = readCookie(USER_COOKIE);
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const { userSchema } = await import("@passo/domain/auth");
  const parsed = userSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // Without a user cookie there is nothing to read: the login page draws at once, as it was drawn at
  // build time (scripts/prerender.mjs), so that React takes over that markup.
  const [state, setState] = useState<{ user: User | null; token: string | null; loading: boolean }>(() => ({
    user: null,
    token: null,
    loading: readCookie(USER_COOKIE) !== undefined,
  }));

  useEffect(() => {
    let current = true;
    const settle = (user: User | null) => {
      const token = readCookie(TOKEN_COOKIE) ?? null;
      // A sign-in or sign-out while the cookie was being checked wins.
      if (current) setState((prev) => (prev.loading ? (user && token ? { user, token, loading: false } : { user: null, token: null, loading: false }) : prev));
    };
    readStoredUser().then(settle, () => settle(null));
    return () => {
      current = false;
    };
  }, []);

  const signIn = useCallback((token: string, user: User) => {
    writeCookie(TOKEN_COOKIE, token);
    writeCookie(USER_COOKIE, JSON.stringify(user));
    setState({ user, token, loading: false });
  }, []);

  const signOut = useCallback(() => {
    removeCookie(TOKEN_COOKIE);
    removeCookie(USER_COOKIE);
    setState({ user: null, token: null, loading: false });
  }, []);

  const value = useMemo(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error("useSession must be used within a SessionProvider");
  return session;
}

/** The signed-in user, or null outside a session (a component shown alone, as in its tests). */
export function useSignedInUser(): User | null {
  return use(SessionContext)?.user ?? null;
}
