/** Small cookie helpers: the session and the sidebar state live in cookies (7 days, path /). */
export const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;

export function readCookie(name: string): string | undefined {
  // None when the login page is drawn at build time (scripts/prerender.mjs).
  if (typeof document === "undefined") return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split("; ")) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(name: string, value: string, maxAgeSeconds = SEVEN_DAYS_SECONDS) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string) {
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax`;
}
