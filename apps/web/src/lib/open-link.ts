import { useEffect } from "react";
import { useNavigate } from "react-router";

/** A link a success toast offers after a creation: the toaster lives outside the router, so it asks for the navigation by event. */
export interface CreatedLink {
  label: string;
  href: string;
}

const OPEN_EVENT = "passo:open";

/** Opens an address of the app from outside the router (a toast's button), without reloading the page. */
export function openInApp(href: string) {
  window.dispatchEvent(new CustomEvent<string>(OPEN_EVENT, { detail: href }));
}

/** Inside the router, once: carries out what `openInApp` asks for. */
export function useOpenInApp() {
  const navigate = useNavigate();
  useEffect(() => {
    const open = (event: Event) => void navigate((event as CustomEvent<string>).detail);
    window.addEventListener(OPEN_EVENT, open);
    return () => window.removeEventListener(OPEN_EVENT, open);
  }, [navigate]);
}
