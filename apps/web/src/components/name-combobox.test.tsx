// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";

import { NameCombobox } from "@/components/name-combobox";

afterEach(cleanup);

function Picker({ label, options }: { label: string; options: string[] }) {
  const [value, setValue] = useState("");
  return (
    <>
      <span id={`${label}-label`}>{label}</span>
      <NameCombobox
        id={label}
        aria-labelledby={`${label}-label`}
        value={value}
        onChange={setValue}
        options={options}
        placeholder="Selecione..."
        searchPlaceholder={`Pesquise ${label}...`}
        emptyText="Nada encontrado."
      />
    </>
  );
}

describe("NameCombobox", () => {
  it("shows the chosen name on its button and gives the focus back to it", async () => {
    render(<Picker label="Loja" options={["Loja Norte", "Loja Sul"]} />);
    const button = screen.getByRole("combobox", { name: "Loja" });
    fireEvent.click(button);
    expect(await screen.findByPlaceholderText("Pesquise Loja...")).toHaveFocus();
    fireEvent.click(screen.getByRole("option", { name: "Loja Sul" }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(button).toHaveTextContent("Loja Sul");
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("keeps the next field's list open when the previous list finishes closing after it opened", async () => {
    render(
      <>
        <Picker label="Loja" options={["Loja Norte"]} />
        <Picker label="Supervisor" options={["Supervisor Ana"]} />
      </>,
    );
    fireEvent.click(screen.getByRole("combobox", { name: "Loja" }));
    const store = await screen.findByRole("option", { name: "Loja Norte" });
    // The store is chosen and the supervisor's list opened before the store's list has finished
    // closing (on a busy tablet its fade-out and clean-up run late): closing must not pull the
    // focus back to the store's button, which would shut the supervisor's list.
    act(() => {
      fireEvent.click(store);
      fireEvent.click(screen.getByRole("combobox", { name: "Supervisor" }));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(screen.getByRole("combobox", { name: "Loja" })).toHaveTextContent("Loja Norte");
    expect(screen.getByRole("option", { name: "Supervisor Ana" })).toBeVisible();
    expect(screen.getByRole("combobox", { name: "Supervisor" })).toHaveAttribute("aria-expanded", "true");
  });
});
