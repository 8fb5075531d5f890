import { zodResolver } from "@hookform/resolvers/zod";
import { picklistCreateSchema, type Picklist } from "@passo/domain";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ItemListEditor } from "@/components/items/item-list-editor";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useEditPicklist } from "../api/update-picklist";
import { StoreCombobox } from "@/components/store-combobox";

/** The same rules as the creation: a destination and at least one item. */
const editSchema = picklistCreateSchema.pick({ destination: true, listItems: true });
type EditValues = z.output<typeof editSchema>;

export interface PicklistEditDialogProps {
  list: Picklist | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The administrator's edit of a list not yet started: its store and its items. */
export function PicklistEditDialog({ list, open, onOpenChange }: PicklistEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Editar lista de separação</DialogTitle>
          <DialogDescription>
            Altere a loja de destino ou os itens. Ao trocar a loja, a data de envio passa a ser a de agora.
          </DialogDescription>
        </DialogHeader>
        {list && <PicklistEditForm key={list.id} list={list} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PicklistEditForm({ list, onDone }: { list: Picklist; onDone: () => void }) {
  const mutation = useEditPicklist();
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: { destination: list.destination, listItems: list.listItems },
  });
  const listItems = useWatch({ control: form.control, name: "listItems" });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ id: list.id, body: values }).then(onDone, () => undefined),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Editar lista de separação">
      <FieldGroup>
        <Controller
          name="destination"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="picklist-edit-destination">Loja de destino</FieldLabel>
              <StoreCombobox
                id="picklist-edit-destination"
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
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={listItems.length === 0 || mutation.isPending}>
            {mutation.isPending && <Spinner aria-hidden="true" />}
            Salvar
          </Button>
        </DialogFooter>
      </FieldGroup>
    </form>
  );
}
