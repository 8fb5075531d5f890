import type { ExternalToast } from "sonner";

// The app's toasts. sonner (about 9 KB gzipped) stays out of every screen's first load: it loads with the
// toaster, after the page (app/providers.tsx), or with the first toast asked for, whichever comes first;
// a toast asked for before the toaster mounts is shown when it does. Toasts keep the order they were asked in.
const loadSonner = () => import("sonner");

export const toast = {
  success(message: string, options?: ExternalToast) {
    void loadSonner().then(({ toast }) => toast.success(message, options));
  },
  error(message: string, options?: ExternalToast) {
    void loadSonner().then(({ toast }) => toast.error(message, options));
  },
};
