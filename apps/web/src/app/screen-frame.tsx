import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { PENDING_PICKLISTS_PAGE } from "@/features/picklists/pending-page";
import { PENDING_PICKUPS_PAGE } from "@/features/pickups/pending-page";

/**
 * The screens whose frame the build draws (scripts/prerender.mjs, dist/frames/): the server answers
 * their address, to a browser with a session, with the frame already in the page, so that a phone
 * shows the screen's header, title and description before the JavaScript has arrived.
 */
export const SCREEN_FRAMES: Record<string, { title: string; description: string }> = {
  "/picklist-pending": PENDING_PICKLISTS_PAGE,
  // A store's first screen after signing in.
  "/pickup-pending": PENDING_PICKUPS_PAGE,
};

/** The address whose frame the server sent drawn, read once before React takes the page over. */
const drawnAt = typeof document === "undefined" ? undefined : document.querySelector<HTMLElement>("#root > [data-frame]")?.dataset.frame;

const subscribeNever = () => () => {};
/** True while React takes over the markup the server sent (and when it is drawn at build time). */
export const useHydrating = () =>
  useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );

/**
 * A screen's frame: the shell's header bar, the screen's title and description, its loading state.
 * No user data and nothing to click: it is the same for everyone, drawn before React runs.
 */
function ScreenFrame({ pathname, title, description }: { pathname: string; title: string; description: string }) {
  return (
    <div data-frame={pathname} className="flex min-h-svh w-full">
      <div className="hidden w-72 shrink-0 border-r bg-sidebar md:block" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4">
          <div aria-hidden="true" className="size-7 animate-pulse rounded-md bg-accent motion-reduce:animate-none" />
          <div aria-hidden="true" className="h-4 w-40 animate-pulse rounded-md bg-accent motion-reduce:animate-none" />
        </div>
        <div className="flex flex-1 flex-col gap-4 p-4 md:p-6">
          <div className="flex flex-col gap-6">
            <PageHeader title={title} description={description} />
            <div role="status" className="grid gap-4 [grid-template-columns:repeat(auto-fill,minmax(min(100%,22rem),1fr))]">
              <span className="sr-only">Carregando...</span>
              {[0, 1].map((n) => (
                <div key={n} aria-hidden="true" className="h-96 w-full animate-pulse rounded-xl bg-accent motion-reduce:animate-none" />
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * What a signed-in address shows while it starts: its frame while React takes the drawn page over and
 * until the screen replaces it, when the page was sent with one (or is being drawn); else the loading screen.
 */
export function StartingScreen({ hydrating }: { hydrating: boolean }) {
  const { pathname } = useLocation();
  const texts = SCREEN_FRAMES[pathname];
  if (texts && (hydrating || pathname === drawnAt)) return <ScreenFrame pathname={pathname} {...texts} />;
  return <LoadingScreen />;
}
