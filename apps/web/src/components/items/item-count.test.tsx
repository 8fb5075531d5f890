// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { ItemCount } from "@/components/items/item-count";

afterEach(cleanup);

const items = ["TENIS 40 12345601", "BOTA 38 76543201", "SANDALIA 37 11112201"];

describe("ItemCount", () => {
  it("opens the list on click, each item with a copy-code button, plainly while the list is open", async () => {
    const user = userEvent.setup();
    render(<ItemCount items={items} completedItems={[items[0]!]} uncompletedItems={items.slice(1)} />);

    await user.click(screen.getByRole("button", { name: "3 itens" }));
    const list = screen.getByRole("list", { name: "Itens" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByRole("button", { name: "Copiar código de BOTA 38 76543201" })).toBeInTheDocument();
    expect(within(list).queryByText("separado")).not.toBeInTheDocument();
    expect(within(list).queryByText("Não encontrado")).not.toBeInTheDocument();
  });

  it("marks each item of a finished list as separated or 'Não encontrado'", async () => {
    const user = userEvent.setup();
    render(<ItemCount items={items} completedItems={[items[0]!]} uncompletedItems={items.slice(1)} finished />);

    await user.click(screen.getByRole("button", { name: "3 itens" }));
    const [first, second, third] = within(screen.getByRole("list", { name: "Itens" })).getAllByRole("listitem") as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText("separado")).toHaveClass("sr-only");
    expect(first.querySelector("[data-icon=check]")).toHaveClass("text-success");
    expect(within(first).queryByText("Não encontrado")).not.toBeInTheDocument();
    expect(within(second).getByText("Não encontrado")).toBeVisible();
    expect(second.querySelector("[data-icon=cross]")).toHaveClass("text-destructive");
    expect(within(third).getByText("Não encontrado")).toBeVisible();
  });

  it("counts a product listed twice and separated once as one of each", async () => {
    const user = userEvent.setup();
    const twice = [items[0]!, items[0]!];
    render(<ItemCount items={twice} completedItems={[items[0]!]} uncompletedItems={[items[0]!]} finished />);

    await user.click(screen.getByRole("button", { name: "2 itens" }));
    const [first, second] = within(screen.getByRole("list", { name: "Itens" })).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(first).getByText("separado")).toBeInTheDocument();
    expect(within(second).getByText("Não encontrado")).toBeInTheDocument();
  });

  it("opens while the mouse rests on the count and closes when it leaves", async () => {
    const user = userEvent.setup();
    render(
      <>
        <ItemCount items={items.slice(0, 1)} />
        <p>Fora</p>
      </>,
    );

    const trigger = screen.getByRole("button", { name: "1 item" });
    await user.hover(trigger);
    const list = await screen.findByRole("list", { name: "Itens" });
    // Hovering shows the list without pulling focus into it.
    expect(within(list).getByRole("button", { name: /^Copiar código/ })).not.toHaveFocus();

    await user.unhover(trigger);
    await user.hover(screen.getByText("Fora"));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Itens" })).not.toBeInTheDocument());
  });
});
