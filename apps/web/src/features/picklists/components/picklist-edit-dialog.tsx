import type { Picklist } from "@passo/domain";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { FormDialog } from "@/components/feedback/form-dialog";
import { FieldGroup } from "@/components/ui/field";
import { formResolver } from "@/lib/form-resolver";
import { useEditPicklist } from "../api/update-picklist";
import { PicklistFields, picklistFieldsSchema, type PicklistFieldValues } from "./picklist-fields";


export interface PicklistEditDialogProps {
  list: Picklist | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The administrator's edit of a list not yet started: its store and its items. */
export function PicklistEditDialog({ list, open, onOpenChange }: PicklistEditDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar lista de separação"
      description="Altere a loja de destino ou os itens. Ao trocar a loja, a data de envio passa a ser a de agora."
      className="sm:max-w-2xl"
    >
      {list && <PicklistEditForm key={list.id} list={list} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function PicklistEditForm({ list, onDone }: { list: Picklist; onDone: () => void }) {
  const mutation = useEditPicklist();
  // The same rules as the creation: a destination and at least one item.
  const form = useForm<PicklistFieldValues, unknown, z.output<typeof picklistFieldsSchema>>({
    resolver: formResolver(picklistFieldsSchema),
    defaultValues: { destination: list.destination, listItems: list.listItems },
  });
  const listItems = useWatch({ control: form.control, name: "listItems" });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ id: list.id, body: values }).then(onDone, () => undefined),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Editar lista de separação">
      <FieldGroup>
        <PicklistFields control={form.control} destinationId="picklist-edit-destination" pending={mutation.isPending} />
        <DialogFormButtons submitLabel="Salvar" pending={mutation.isPending} disabled={listItems.length === 0} onCancel={onDone} />
      </FieldGroup>
    </form>
  );
}
