import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { AppUpdates } from "./app-updates";

// vite-plugin-pwa's registration, as the browser would drive it: the test plays the new version's arrival.
const registration = { update: vi.fn(() => Promise.resolve()) };
const updateServiceWorker = vi.fn(() => Promise.resolve());
let needRefresh: (() => void) | undefined;
vi.mock("virtual:pwa-register", () => ({
  registerSW: (options: { onNeedRefresh?: () => void; onRegisteredSW?: (url: string, r: unknown) => void }) => {
    needRefresh = options.onNeedRefresh;
    options.onRegisteredSW?.("/sw.js", registration);
    return updateServiceWorker;
  },
}));

beforeEach(() => {
  Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  needRefresh = undefined;
});

it("offers a new version with 'Nova versão disponível' and takes it only when 'Atualizar' is pressed", async () => {
  const user = userEvent.setup();
  render(
    <>
      <AppUpdates enabled />
      <Toaster />
    </>,
  );
  expect(needRefresh).toBeDefined();
  expect(screen.queryByText("Nova versão disponível")).not.toBeInTheDocument();

  needRefresh!();
  expect(await screen.findByText("Nova versão disponível")).toBeInTheDocument();
  expect(screen.getByText("Atualize para usar a versão mais recente do Passo.")).toBeInTheDocument();
  expect(updateServiceWorker).not.toHaveBeenCalled();

  await user.click(screen.getByRole("button", { name: "Atualizar" }));
  expect(updateServiceWorker).toHaveBeenCalledWith(true);
});

it("asks the server for a new version whenever the app comes back to the front", () => {
  render(<AppUpdates enabled />);
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
  expect(registration.update).toHaveBeenCalledTimes(1);
});

it("registers nothing outside the built app", () => {
  render(<AppUpdates enabled={false} />);
  expect(needRefresh).toBeUndefined();
});
