import { zodResolver } from "@hookform/resolvers/zod";
import { picklistCreateSchema, type PicklistCreateInput } from "@passo/domain";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ItemListEditor } from "@/components/items/item-list-editor";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Field, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useCreatePicklist } from "../api/create-picklist";
import { StoreCombobox } from "@/components/store-combobox";

type FormValues = z.input<typeof picklistCreateSchema>;

const EMPTY: FormValues = { destination: "", listItems: [] };

/** 'Criar nova lista' (spec 2.4): destination store and the items; the server sets the rest. */
export function PicklistCreateForm() {
  const mutation = useCreatePicklist();
  const form = useForm<FormValues, unknown, PicklistCreateInput>({
    resolver: zodResolver(picklistCreateSchema),
    defaultValues: EMPTY,
  });
  const listItems = useWatch({ control: form.control, name: "listItems" });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      () => form.reset(EMPTY),
      // The global toast shows the server's reason; the form keeps what was typed.
      () => undefined,
    ),
  );

  return (
    <Card>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Nova lista de separação">
          <FieldGroup>
            <Controller
              name="destination"
              control={form.control}
              render={({ field, fieldState }) => (
                <Field data-invalid={fieldState.invalid} className="md:max-w-sm">
                  <FieldLabel htmlFor="picklist-destination">Loja de destino</FieldLabel>
                  <StoreCombobox
                    id="picklist-destination"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-invalid={fieldState.invalid || undefined}
                  />
                  <FieldError errors={[fieldState.error]} />
                </Field>
              )}
            />
            <Controller
              name="listItems"
              control={form.control}
              render={({ field, fieldState }) => (
                <ItemListEditor
                  items={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  disabled={mutation.isPending}
                />
              )}
            />
            <Button
              type="submit"
              className="w-full sm:w-auto sm:self-end"
              disabled={listItems.length === 0 || mutation.isPending}
            >
              {mutation.isPending && <Spinner aria-hidden="true" />}
              Criar Lista
            </Button>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}
