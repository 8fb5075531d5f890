import { picklistCreateSchema, type PicklistCreateInput } from "@passo/domain";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldGroup } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { formResolver } from "@/lib/form-resolver";
import { useCreatePicklist } from "../api/create-picklist";
import { PicklistFields, type PicklistFieldValues } from "./picklist-fields";

const EMPTY: PicklistFieldValues = { destination: "", listItems: [] };

/** 'Criar nova lista': destination store and the items; the server sets the rest. */
export function PicklistCreateForm() {
  const mutation = useCreatePicklist();
  const form = useForm<PicklistFieldValues, unknown, PicklistCreateInput>({
    resolver: formResolver(picklistCreateSchema),
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
            <PicklistFields
              control={form.control}
              destinationId="picklist-destination"
              pending={mutation.isPending}
              destinationClassName="md:max-w-sm"
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
