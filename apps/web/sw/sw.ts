/// <reference lib="webworker" />
// The service worker (docs/architecture.md, "The installable app"): the app's files, kept by version
// (Workbox's precache, listed by vite-plugin-pwa at build time), so the shell and the store's screens
// open without a connection; the pages themselves from the network first, from the last copy when
// offline. No API answer is kept here: records and customers' data never sit in the worker's caches.
// A new version waits until the person presses 'Atualizar' ('Nova versão disponível'), so a screen
// never changes its code mid-task; the next open after that runs the new one.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** The pages as the server last drew them (a screen's frame or the bare index.html). */
const PAGES = "passo-pages";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 5 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        // Offline at an address never opened online: the app's shell, which draws the screen itself.
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/uploads\//] },
  ),
);

// A page kept by the version before names that version's files, which are gone: start afresh.
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.delete(PAGES));
});

// 'Atualizar' (workbox-window's messageSkipWaiting): the waiting version takes over.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
