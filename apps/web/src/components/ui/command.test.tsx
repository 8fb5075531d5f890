// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  Command,
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/components/ui/command";

afterEach(cleanup);

function Items({ onSelect }: { onSelect?: (value: string) => void }) {
  return (
    <>
      <CommandInput placeholder="Buscar página…" />
      <CommandList>
        <CommandEmpty />
        <CommandGroup heading="Páginas">
          <CommandItem onSelect={onSelect}>Listas de separação</CommandItem>
          <CommandItem onSelect={onSelect}>Retiradas na loja</CommandItem>
          <CommandItem onSelect={onSelect}>Devoluções</CommandItem>
        </CommandGroup>
      </CommandList>
    </>
  );
}

describe("Command", () => {
  it("filters the list as the user types and shows the empty text when nothing matches", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <Command>
        <Items onSelect={onSelect} />
      </Command>,
    );

    expect(screen.getAllByRole("option")).toHaveLength(3);

    const input = screen.getByRole("combobox");
    await user.type(input, "retir");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Retiradas na loja"]);

    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledWith("Retiradas na loja");

    await user.clear(input);
    await user.type(input, "xyz");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByText("Nenhum resultado encontrado.")).toBeInTheDocument();
  });

  it("CommandDialog is a dialog named by its title for screen readers", () => {
    render(
      <CommandDialog open title="Ir para">
        <Items />
      </CommandDialog>,
    );

    expect(screen.getByRole("dialog", { name: "Ir para" })).toBeInTheDocument();
    expect(screen.getByRole("combobox")).toHaveFocus();
  });
});
