// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { ItemListEditor } from "@/components/items/item-list-editor";
import { Button } from "@/components/ui/button";
import { Toaster } from "@/components/ui/sonner";

afterEach(cleanup);

function Editor({ initial = [] }: { initial?: string[] }) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <ItemListEditor items={items} onChange={setItems} />
      <Toaster />
    </>
  );
}

function itemsTable() {
  return screen.getByRole("table", { name: "Lista de itens para separação" });
}

function listed() {
  return within(itemsTable())
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);
}

describe("ItemListEditor", () => {
  it("adds the trimmed text and clears the box, ignoring blank text", async () => {
    const user = userEvent.setup();
    render(<Editor />);

    expect(screen.getByText("Nenhum item adicionado.")).toBeInTheDocument();
    expect(within(itemsTable()).getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Descrição do item",
      "Ações",
    ]);

    const box = screen.getByRole("textbox", { name: "Adicionar produtos" });
    expect(box).toHaveAttribute("rows", "3");
    await user.type(box, "   TENIS RUNNER 42 12345601  ");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(listed()).toEqual(["TENIS RUNNER 42 12345601"]);
    expect(box).toHaveValue("");

    await user.type(box, "   ");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(listed()).toEqual(["TENIS RUNNER 42 12345601"]);

    await user.type(box, "SANDALIA 37 76543210{Control>}{Enter}{/Control}");
    expect(listed()).toEqual(["TENIS RUNNER 42 12345601", "SANDALIA 37 76543210"]);
  });

  it("edits an item in the 'Editar Item da Lista' dialog", async () => {
    const user = userEvent.setup();
    render(<Editor initial={["TENIS 40", "BOTA 38"]} />);

    await user.click(screen.getByRole("button", { name: "Editar item 2" }));
    const dialog = screen.getByRole("dialog", { name: "Editar Item da Lista" });
    const text = within(dialog).getByRole("textbox");
    expect(text).toHaveValue("BOTA 38");

    await user.clear(text);
    expect(within(dialog).getByRole("button", { name: "Salvar" })).toBeDisabled();
    await user.type(text, " BOTA 39 ");
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(listed()).toEqual(["TENIS 40", "BOTA 39"]);
    expect(await screen.findByText("Item da lista editado com sucesso!")).toBeInTheDocument();
  });

  it("removes an item only after confirmation", async () => {
    const user = userEvent.setup();
    render(<Editor initial={["TENIS 40", "BOTA 38"]} />);

    await user.click(screen.getByRole("button", { name: "Excluir item 1" }));
    let confirm = screen.getByRole("alertdialog", { name: "Tem certeza de que deseja excluir?" });
    expect(confirm).toHaveAccessibleDescription("Esta ação é irreversível e os dados serão permanentemente excluídos.");
    await user.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    expect(listed()).toEqual(["TENIS 40", "BOTA 38"]);

    await user.click(screen.getByRole("button", { name: "Excluir item 1" }));
    confirm = screen.getByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Excluir" }));

    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(listed()).toEqual(["BOTA 38"]);
    expect(await screen.findByText("Item da lista removido com sucesso!")).toBeInTheDocument();
  });

  it("works as a react-hook-form field: 'Adicionar' does not submit, and the list is submitted", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const schema = z.object({ listItems: z.array(z.string()).min(1, "Adicione ao menos um item à lista.") });

    function Form() {
      const form = useForm({ resolver: zodResolver(schema), defaultValues: { listItems: [] as string[] } });
      return (
        <form onSubmit={form.handleSubmit((values) => onSubmit(values))}>
          <Controller
            name="listItems"
            control={form.control}
            render={({ field, fieldState }) => (
              <ItemListEditor
                items={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Button type="submit">Criar Lista</Button>
        </form>
      );
    }
    render(<Form />);

    await user.click(screen.getByRole("button", { name: "Criar Lista" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Adicione ao menos um item à lista.");
    expect(screen.getByRole("textbox", { name: "Adicionar produtos" })).toHaveAccessibleDescription(
      "Adicione ao menos um item à lista.",
    );

    await user.type(screen.getByRole("textbox", { name: "Adicionar produtos" }), "TENIS 40");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Criar Lista" }));
    expect(onSubmit).toHaveBeenCalledWith({ listItems: ["TENIS 40"] });
  });
});
