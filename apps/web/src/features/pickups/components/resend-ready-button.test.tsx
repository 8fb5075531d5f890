// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { samplePickup, toPickupStoreView } from "@passo/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { createQueryClient } from "@/lib/query-client";
import { stubApi, writes } from "@/testing/fake-api";
import type { PickupView } from "../api/get-pickups";
import { ResendReadyButton } from "./resend-ready-button";

const WAITING = JSON.parse(
  JSON.stringify(toPickupStoreView({ ...samplePickup, id: "p-1", pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: new Date(), waitingSince: new Date() })),
) as PickupView;
const WAIT = "O aviso já foi reenviado há pouco. Aguarde 60 minutos para reenviar de novo.";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton(pickup: PickupView, variant: "icon" | "text" = "text") {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ResendReadyButton pickup={pickup} variant={variant} />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("'Reenviar aviso'", () => {
  it("queues the customer's e-mail again and says so; a second click within the hour says how long to wait", async () => {
    let sent = 0;
    const calls = stubApi({
      "POST /api/pickup/resend-ready/p-1": () =>
        ++sent === 1 ? [200, { message: "Aviso reenviado ao cliente com sucesso!" }] : [429, { error: WAIT }],
    });
    const user = renderButton(WAITING);
    const button = screen.getByRole("button", { name: `Reenviar aviso ao cliente do pedido ${WAITING.orderNumber}` });
    expect(button).toHaveTextContent("Reenviar aviso");

    await user.click(button);
    expect(await screen.findByText("Aviso reenviado ao cliente com sucesso!")).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText(WAIT)).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual(["POST /api/pickup/resend-ready/p-1", "POST /api/pickup/resend-ready/p-1"]);
  });

  it("is an icon among the administrator's row actions", () => {
    stubApi({});
    renderButton(WAITING, "icon");
    expect(screen.getByRole("button", { name: `Reenviar aviso ao cliente do pedido ${WAITING.orderNumber}` })).toHaveAttribute("title", "Reenviar aviso");
  });

  it("is not offered while the order is on its way or once it was collected", () => {
    stubApi({});
    renderButton({ ...WAITING, pickupStatus: "Em trânsito" });
    renderButton({ ...WAITING, pickupStatus: "Pedido retirado" });
    expect(screen.queryByRole("button", { name: /Reenviar aviso/ })).not.toBeInTheDocument();
  });
});
