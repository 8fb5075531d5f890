import { zodResolver } from "@hookform/resolvers/zod";
import { returnFormSchema, type ReturnFormInput } from "@passo/domain";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";

import { ItemListEditor } from "@/components/items/item-list-editor";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Field, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";

import { useCreateReturn } from "../api/create-return";
import { maskCpfInput, maskPhoneInput } from "@/lib/input-masks";

type ReturnFormValues = z.input<typeof returnFormSchema>;

const EMPTY: ReturnFormValues = {
  orderNumber: "",
  customerFullName: "",
  customerCPF: "",
  customerPhone: "",
  customerEmail: "",
  returnItems: [],
};

type TextField = {
  name: "orderNumber" | "customerFullName" | "customerCPF" | "customerPhone" | "customerEmail";
  label: string;
  type?: string;
  inputMode?: "numeric" | "tel" | "email";
  autoComplete?: string;
  placeholder?: string;
  mask?: (value: string) => string;
};

const FIELDS: readonly TextField[] = [
  { name: "orderNumber", label: "Número do pedido", autoComplete: "off" },
  { name: "customerFullName", label: "Nome do cliente", autoComplete: "off" },
  { name: "customerCPF", label: "CPF", inputMode: "numeric", autoComplete: "off", placeholder: "000.000.000-00", mask: maskCpfInput },
  { name: "customerPhone", label: "Telefone", type: "tel", inputMode: "tel", autoComplete: "off", placeholder: "(41) 99999-9999", mask: maskPhoneInput },
  { name: "customerEmail", label: "E-mail", type: "email", inputMode: "email", autoComplete: "off", placeholder: "cliente@email.com" },
];

/**
 * 'Criar nova devolução'. It validates with the API's own schema, so each field shows the message the
 * server would answer; the server creates the return pending and dates it.
 */
export function ReturnCreateForm() {
  const mutation = useCreateReturn();
  const form = useForm<ReturnFormValues, unknown, ReturnFormInput>({
    resolver: zodResolver(returnFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      () => form.reset(EMPTY),
      // The mutation cache shows the server's message; the form keeps what was typed.
      () => undefined,
    ),
  );

  const submitting = form.formState.isSubmitting || mutation.isPending;

  return (
    <Card>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Criar nova devolução">
          <FieldGroup>
            <div className="grid gap-6 md:grid-cols-2">
              {FIELDS.map(({ name, label, mask, ...input }) => (
                <Controller
                  key={name}
                  name={name}
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <Field data-invalid={fieldState.invalid}>
                      <FieldLabel htmlFor={`return-${name}`}>{label}</FieldLabel>
                      <Input
                        {...input}
                        {...field}
                        id={`return-${name}`}
                        value={field.value}
                        onChange={(event) => field.onChange(mask ? mask(event.target.value) : event.target.value)}
                        aria-invalid={fieldState.invalid}
                      />
                      <FieldError errors={[fieldState.error]} />
                    </Field>
                  )}
                />
              ))}
            </div>
            <Controller
              name="returnItems"
              control={form.control}
              render={({ field, fieldState }) => (
                <ItemListEditor
                  items={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? fieldState.error?.root?.message}
                  title="Lista de itens da devolução"
                  disabled={submitting}
                />
              )}
            />
            <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:self-end">
              {submitting && <Spinner aria-hidden="true" />}
              Criar Devolução
            </Button>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}
