import { returnEditSchema, type ReturnEditInput } from "@passo/domain";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { InputField } from "@/components/form/input-field";
import { ItemListField } from "@/components/form/item-list-field";
import { PHONE_PLACEHOLDER, phoneInputProps } from "@/components/form/masked-input-props";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldGroup } from "@/components/ui/field";
import { formResolver } from "@/lib/form-resolver";

import type { ReturnRecord } from "../api/get-returns";
import { useUpdateReturn } from "../api/update-return";
import { ReturnFormDialog, type ReturnDialogProps, type ReturnFormProps } from "./return-dialog";

/**
 * The form always holds all three (the return's own), so it checks them with the edit schema's checks
 * as required fields: its values are typed as the record's, which the shared fields take.
 */
const editFormSchema = returnEditSchema.required();
type EditValues = z.input<typeof editFormSchema>;

export type ReturnEditDialogProps = ReturnDialogProps<ReturnRecord>;

/** 'Editar Devolução em loja': the phone, e-mail and items of a pending return. */
export function ReturnEditDialog(props: ReturnEditDialogProps) {
  return <ReturnFormDialog {...props} form={EditForm} className="sm:max-w-2xl" />;
}

function EditForm({ returnOrder, onDone }: ReturnFormProps<ReturnRecord>) {
  const mutation = useUpdateReturn();
  const form = useForm<EditValues, unknown, ReturnEditInput>({
    resolver: formResolver(editFormSchema),
    defaultValues: {
      customerPhone: returnOrder.customerPhone,
      customerEmail: returnOrder.customerEmail,
      returnItems: returnOrder.returnItems,
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync({ id: returnOrder.id, ...values }).then(onDone, () => undefined),
  );
  const submitting = form.formState.isSubmitting || mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Editar Devolução em loja</DialogTitle>
        <DialogDescription>
          Pedido {returnOrder.orderNumber} · {returnOrder.customerFullName}
        </DialogDescription>
      </DialogHeader>
      <FieldGroup>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            control={form.control}
            name="customerPhone"
            id="return-edit-phone"
            label="Telefone"
            placeholder={PHONE_PLACEHOLDER}
            {...phoneInputProps}
          />
          <InputField control={form.control} name="customerEmail" id="return-edit-email" label="E-mail" type="email" inputMode="email" />
        </div>
        <ItemListField control={form.control} name="returnItems" title="Lista de itens da devolução" disabled={submitting} />
      </FieldGroup>
      <DialogFormButtons submitLabel="Salvar" pending={submitting} onCancel={onDone} />
    </form>
  );
}
