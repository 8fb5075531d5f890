import { createContext, use, useEffect, useMemo, useState, type ReactNode } from "react";
import { writeCookie } from "@/lib/cookies";

export type Theme = "light" | "dark" | "system";
/** The theme lives in local storage under a key named for a UI theme. */
export const THEME_STORAGE_KEY = "vite-ui-theme";
/**
 * The theme on screen (dark or light) is also kept in a cookie: the server marks the page it sends
 * with it (apps/api/src/app/web.ts), so that a page drawn before its JavaScript runs (the login) shows in
 * the right theme from the first paint. A page's own script cannot do it: the CSP forbids inline ones.
 */
export const THEME_COOKIE = "theme";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" || value === "system" ? value : "system";
  } catch {
    return "system";
  }
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(storedTheme);

  useEffect(() => {
    const root = document.documentElement;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = () => {
      const dark = theme === "dark" || (theme === "system" && media.matches);
      root.classList.toggle("dark", dark);
      root.style.colorScheme = dark ? "dark" : "light";
      writeCookie(THEME_COOKIE, dark ? "dark" : "light", ONE_YEAR_SECONDS);
    };
    apply();
    if (theme !== "system") return;
    media.addEventListener("change", apply);
    return () => media.removeEventListener("change", apply);
  }, [theme]);

  const value = useMemo<ThemeState>(
    () => ({
      theme,
      setTheme(next) {
        try {
          localStorage.setItem(THEME_STORAGE_KEY, next);
        } catch {
          console.error("Não foi possível salvar o tema.");
        }
        setThemeState(next);
      },
    }),
    [theme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeState {
  const state = use(ThemeContext);
  if (!state) throw new Error("useTheme must be used within a ThemeProvider");
  return state;
}
