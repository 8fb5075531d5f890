// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { Controller, useForm } from "react-hook-form";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";

import { Button } from "@/components/ui/button";
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

afterEach(cleanup);

const rules = {
  required: "Informe o e-mail.",
  pattern: { value: /@/, message: "Informe um e-mail válido." },
};

/** Wrapped style: FieldControl gives the Input its id, aria-invalid and aria-describedby. */
function WrappedForm() {
  const form = useForm({ defaultValues: { email: "" }, mode: "onChange" });
  return (
    <form onSubmit={form.handleSubmit(() => {})} noValidate>
      <Controller
        name="email"
        control={form.control}
        rules={rules}
        render={({ field, fieldState }) => (
          <Field invalid={fieldState.invalid}>
            <FieldLabel>E-mail</FieldLabel>
            <FieldControl>
              <Input {...field} type="email" />
            </FieldControl>
            <FieldDescription>Usado para avisar da retirada.</FieldDescription>
            <FieldError errors={[fieldState.error]} />
          </Field>
        )}
      />
      <Button type="submit">Salvar</Button>
    </form>
  );
}

/** shadcn style: explicit htmlFor/id and aria-invalid, no wrapper. */
function ShadcnStyleForm() {
  const form = useForm({ defaultValues: { email: "" } });
  return (
    <form onSubmit={form.handleSubmit(() => {})} noValidate>
      <Controller
        name="email"
        control={form.control}
        rules={rules}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid}>
            <FieldLabel htmlFor="login-email">E-mail</FieldLabel>
            <Input {...field} id="login-email" type="email" aria-invalid={fieldState.invalid} />
            <FieldError errors={[fieldState.error]} />
          </Field>
        )}
      />
      <Button type="submit">Entrar</Button>
    </form>
  );
}

describe("Field with react-hook-form's Controller", () => {
  it("labels and describes the control, and announces the error it points to", async () => {
    const user = userEvent.setup();
    render(<WrappedForm />);

    const input = screen.getByRole("textbox", { name: "E-mail" });
    expect(input).toHaveAccessibleDescription("Usado para avisar da retirada.");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.type(input, "cliente");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Informe um e-mail válido.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
    expect(input).toHaveAccessibleDescription("Usado para avisar da retirada. Informe um e-mail válido.");

    await user.type(input, "@exemplo.com");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("also wires aria-describedby when the Input is a direct child with the label's id", async () => {
    const user = userEvent.setup();
    render(<ShadcnStyleForm />);

    await user.click(screen.getByRole("button", { name: "Entrar" }));
    const input = screen.getByRole("textbox", { name: "E-mail" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Informe o e-mail.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Informe o e-mail.");
    expect(screen.getByText("E-mail")).toHaveClass("group-data-[invalid=true]/field:text-destructive");
    expect(input.closest('[data-slot="field"]')).toHaveAttribute("data-invalid", "true");
  });
});
