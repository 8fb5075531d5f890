import { returnFormSchema, type ReturnFormInput } from "@passo/domain";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { InputField, type InputFieldProps } from "@/components/form/input-field";
import { ItemListField } from "@/components/form/item-list-field";
import { PHONE_PLACEHOLDER, cpfInputProps, phoneInputProps } from "@/components/form/masked-input-props";
import { ProductPicker, linesToSend, usePickedLines } from "@/components/products/product-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldGroup } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { allowingCatalogLines, formResolver } from "@/lib/form-resolver";

import { useCreateReturn } from "../api/create-return";

type ReturnFormValues = z.input<typeof returnFormSchema>;

const EMPTY: ReturnFormValues = {
  orderNumber: "",
  customerFullName: "",
  customerCPF: "",
  customerPhone: "",
  customerEmail: "",
  returnItems: [],
};

type TextField = Omit<InputFieldProps<ReturnFormValues, ReturnFormInput>, "control" | "id"> & {
  name: "orderNumber" | "customerFullName" | "customerCPF" | "customerPhone" | "customerEmail";
};

const FIELDS: readonly TextField[] = [
  { name: "orderNumber", label: "Número do pedido", autoComplete: "off" },
  { name: "customerFullName", label: "Nome do cliente", autoComplete: "off" },
  { name: "customerCPF", label: "CPF", ...cpfInputProps },
  { name: "customerPhone", label: "Telefone", autoComplete: "off", placeholder: PHONE_PLACEHOLDER, ...phoneInputProps },
  { name: "customerEmail", label: "E-mail", type: "email", inputMode: "email", autoComplete: "off", placeholder: "cliente@email.com" },
];

/**
 * 'Criar nova devolução'. It validates with the API's own schema, so each field shows the message the
 * server would answer; the server creates the return pending and dates it.
 */
export function ReturnCreateForm() {
  const mutation = useCreateReturn();
  const { lines, setLines, hasLines } = usePickedLines();
  const form = useForm<ReturnFormValues, unknown, ReturnFormInput>({
    resolver: allowingCatalogLines(formResolver(returnFormSchema), "returnItems", hasLines),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ ...values, ...linesToSend(lines) }).then(
      () => {
        form.reset(EMPTY);
        setLines([]);
      },
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
              {FIELDS.map((field) => (
                <InputField key={field.name} control={form.control} id={`return-${field.name}`} {...field} />
              ))}
            </div>
            <ItemListField control={form.control} name="returnItems" title="Lista de itens da devolução" disabled={submitting} />
            <ProductPicker lines={lines} onChange={setLines} disabled={submitting} />
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
