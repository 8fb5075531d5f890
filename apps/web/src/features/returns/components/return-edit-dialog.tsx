import { zodResolver } from "@hookform/resolvers/zod";
import { returnEditSchema, type ReturnEditInput } from "@passo/domain";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";

import { ItemListEditor } from "@/components/items/item-list-editor";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

import type { ReturnRecord } from "../api/get-returns";
import { useUpdateReturn } from "../api/update-return";
import { maskPhoneInput } from "@/lib/input-masks";

type EditValues = z.input<typeof returnEditSchema>;

export interface ReturnEditDialogProps {
  returnOrder: ReturnRecord | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Editar Devolução em loja': the phone, e-mail and items of a pending return. */
export function ReturnEditDialog({ returnOrder, open, onOpenChange }: ReturnEditDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {returnOrder && <EditForm key={returnOrder.id} returnOrder={returnOrder} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ returnOrder, onDone }: { returnOrder: ReturnRecord; onDone: () => void }) {
  const mutation = useUpdateReturn();
  const form = useForm<EditValues, unknown, ReturnEditInput>({
    resolver: zodResolver(returnEditSchema),
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
          <Controller
            name="customerPhone"
            control={form.control}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid}>
                <FieldLabel htmlFor="return-edit-phone">Telefone</FieldLabel>
                <Input
                  {...field}
                  id="return-edit-phone"
                  type="tel"
                  inputMode="tel"
                  placeholder="(41) 99999-9999"
                  value={field.value ?? ""}
                  onChange={(event) => field.onChange(maskPhoneInput(event.target.value))}
                  aria-invalid={fieldState.invalid}
                />
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
          <Controller
            name="customerEmail"
            control={form.control}
            render={({ field, fieldState }) => (
              <Field data-invalid={fieldState.invalid}>
                <FieldLabel htmlFor="return-edit-email">E-mail</FieldLabel>
                <Input
                  {...field}
                  id="return-edit-email"
                  type="email"
                  inputMode="email"
                  value={field.value ?? ""}
                  aria-invalid={fieldState.invalid}
                />
                <FieldError errors={[fieldState.error]} />
              </Field>
            )}
          />
        </div>
        <Controller
          name="returnItems"
          control={form.control}
          render={({ field, fieldState }) => (
            <ItemListEditor
              items={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              title="Lista de itens da devolução"
              disabled={submitting}
            />
          )}
        />
      </FieldGroup>
      <DialogFormButtons submitLabel="Salvar" pending={submitting} onCancel={onDone} />
    </form>
  );
}
