import { useMemo } from "react";
import { pickupEditSchema, type PickupEdit } from "@passo/domain";
import { useForm, useWatch } from "react-hook-form";
import { ItemListField } from "@/components/form/item-list-field";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { FormDialog } from "@/components/feedback/form-dialog";
import { FieldGroup } from "@/components/ui/field";
import { maskCpfInput } from "@/lib/input-masks";
import { formResolver } from "@/lib/form-resolver";
import type { PickupRecord } from "../api/get-pickups";
import { useUpdatePickup } from "../api/update-pickup";
import { CustomerContactFields, PickupOperationFields, PickupStoreField, ThirdPartyFields, type PickupFieldValues } from "./pickup-fields";

type PickupEditValues = PickupFieldValues;

function valuesOf(pickup: PickupRecord): PickupEditValues {
  return {
    customerPhone: pickup.customerPhone,
    customerEmail: pickup.customerEmail,
    pickupStoreName: pickup.pickupStoreName,
    pickupType: pickup.pickupType,
    trackingCode: pickup.trackingCode,
    authorizedThirdPartyPickup: pickup.authorizedThirdPartyPickup,
    authorizedThirdPartyFullName: pickup.authorizedThirdPartyFullName ?? "",
    authorizedThirdPartyCPF: maskCpfInput(pickup.authorizedThirdPartyCPF ?? ""),
    orderItems: [...pickup.orderItems],
  };
}

export interface PickupEditDialogProps {
  pickup: PickupRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Editar Retirada em loja': contact, store, operation type, tracking code, third party and items. */
export function PickupEditDialog({ pickup, open, onOpenChange }: PickupEditDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar Retirada em loja"
      description={`Pedido ${pickup.orderNumber} de ${pickup.customerFullName}.`}
      className="sm:max-w-2xl"
    >
      {open && <PickupEditForm key={pickup.id} pickup={pickup} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function PickupEditForm({ pickup, onDone }: { pickup: PickupRecord; onDone: () => void }) {
  const resolver = useMemo(() => formResolver<PickupEditValues, PickupEdit>(pickupEditSchema), []);
  const form = useForm<PickupEditValues, unknown, PickupEdit>({ resolver, defaultValues: valuesOf(pickup) });
  const update = useUpdatePickup();
  const items = useWatch({ control: form.control, name: "orderItems" });
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (edit) => {
    try {
      await update.mutateAsync({ id: pickup.id, body: edit });
      onDone();
    } catch {
      // The server's reason is shown by the mutation cache's toast; the dialog stays for a correction.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <FieldGroup className="grid gap-4 sm:grid-cols-2">
        <CustomerContactFields form={form} idPrefix="edit" />
        <PickupStoreField form={form} idPrefix="edit" />
        <PickupOperationFields form={form} idPrefix="edit" />
        <ThirdPartyFields form={form} idPrefix="edit" switchClassName="sm:col-span-2" />
      </FieldGroup>
      <ItemListField control={form.control} name="orderItems" title="Lista de itens do pedido" />
      <DialogFormButtons submitLabel="Salvar" pending={submitting} disabled={items.length === 0} onCancel={onDone} />
    </form>
  );
}
