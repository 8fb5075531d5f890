import { writeCookie } from "@/lib/cookies";

/** The sidebar's state lives in local storage (sidebarOpen, collapsibleState) and a 7-day cookie. */
const OPEN_KEY = "sidebarOpen";
const GROUPS_KEY = "collapsibleState";
const COOKIE = "sidebar_state";

export function readSidebarOpen(): boolean {
  try {
    const value = localStorage.getItem(OPEN_KEY);
    return value === null ? true : JSON.parse(value) === true;
  } catch {
    console.error("Não foi possível ler o estado da barra lateral.");
    return true;
  }
}

export function saveSidebarOpen(open: boolean) {
  try {
    localStorage.setItem(OPEN_KEY, JSON.stringify(open));
    writeCookie(COOKIE, String(open));
  } catch {
    console.error("Não foi possível salvar o estado da barra lateral.");
  }
}

export function readGroupsState(): Record<string, boolean> {
  try {
    const value = JSON.parse(localStorage.getItem(GROUPS_KEY) ?? "{}") as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, boolean>) : {};
  } catch {
    console.error("Não foi possível ler o estado dos grupos da barra lateral.");
    return {};
  }
}

export function saveGroupsState(state: Record<string, boolean>) {
  try {
    localStorage.setItem(GROUPS_KEY, JSON.stringify(state));
  } catch {
    console.error("Não foi possível salvar o estado dos grupos da barra lateral.");
  }
}
