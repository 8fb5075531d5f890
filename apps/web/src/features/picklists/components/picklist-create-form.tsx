import { PICKLIST_MESSAGES, picklistCreateSchema, type PicklistCreateInput } from "@passo/domain";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { DisabledReason } from "@/components/feedback/disabled-reason";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldGroup } from "@/components/ui/field";
import { ProductPicker, linesToSend, usePickedLines } from "@/components/products/product-picker";
import { Spinner } from "@/components/ui/spinner";
import { allowingCatalogLines, formResolver } from "@/lib/form-resolver";
import { useCreatePicklist } from "../api/create-picklist";
import { PicklistFields, type PicklistFieldValues } from "./picklist-fields";

const EMPTY: PicklistFieldValues = { destination: "", listItems: [] };

/** 'Criar nova lista': destination store, the items typed and the catalog's lines; the server sets the rest. */
export function PicklistCreateForm() {
  const mutation = useCreatePicklist();
  const { lines, setLines, hasLines } = usePickedLines();
  const form = useForm<PicklistFieldValues, unknown, PicklistCreateInput>({
    resolver: allowingCatalogLines(formResolver(picklistCreateSchema), "listItems", hasLines),
    defaultValues: EMPTY,
  });
  const listItems = useWatch({ control: form.control, name: "listItems" });
  const reasonId = useId();
  const blocked = listItems.length === 0 && lines.length === 0 ? PICKLIST_MESSAGES.listItemsRequired : undefined;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ ...values, ...linesToSend(lines) }).then(
      () => {
        form.reset(EMPTY);
        setLines([]);
      },
      // The global toast shows the server's reason; the form keeps what was typed.
      () => undefined,
    ),
  );

  return (
    <Card>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Nova lista de separação">
          <FieldGroup>
            <PicklistFields
              control={form.control}
              destinationId="picklist-destination"
              pending={mutation.isPending}
              destinationClassName="md:max-w-sm"
            />
            <ProductPicker lines={lines} onChange={setLines} disabled={mutation.isPending} />
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
              <DisabledReason id={reasonId} reason={blocked} />
              <Button
                type="submit"
                className="w-full sm:w-auto"
                disabled={blocked !== undefined || mutation.isPending}
                aria-describedby={blocked ? reasonId : undefined}
              >
                {mutation.isPending && <Spinner aria-hidden="true" />}
                Criar Lista
              </Button>
            </div>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}
