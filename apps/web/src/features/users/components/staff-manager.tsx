import { STAFF_MESSAGES, STAFF_PIN_MAX, staffCreateSchema, staffUpdateSchema, type Staff } from "@passo/domain";
import { PencilIcon, PlusIcon, Trash2Icon, UsersIcon } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { FormDialog } from "@/components/feedback/form-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formResolver } from "@/lib/form-resolver";
import { useDeleteStaff, useSaveStaff, useStaffList, type StaffAccess } from "../api/staff";

/** The staff form: the create schema without the store (the manager names it), a blank PIN on edit keeps the current one. */
const createForm = staffCreateSchema.omit({ store: true, staffPin: true });
const editForm = staffUpdateSchema.omit({ staffPin: true }).extend({
  pin: z.preprocess((v) => (v === "" ? undefined : v), staffUpdateSchema.shape.pin),
});

interface StaffFormValues {
  name: string;
  pin: string;
  manager: boolean;
}

/**
 * 'Atendentes' of one store: their names and who is a manager ('Gerente'); add, edit, remove. The
 * PINs are typed masked and never shown: the server keeps only their hash.
 */
export function StaffManager({ access }: { access: StaffAccess }) {
  const list = useStaffList(access);
  const remove = useDeleteStaff(access);
  const [editing, setEditing] = useState<Staff | "new" | null>(null);
  const [removing, setRemoving] = useState<Staff | null>(null);
  const staff = list.data ?? [];

  return (
    <section aria-label={`Atendentes de ${access.store}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-medium">
          <UsersIcon aria-hidden="true" className="size-4" />
          Atendentes
        </h3>
        <Button type="button" size="sm" onClick={() => setEditing("new")}>
          <PlusIcon aria-hidden="true" />
          Novo atendente
        </Button>
      </div>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableCaption className="sr-only">Atendentes de {access.store}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Gerente</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {staff.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} className="text-muted-foreground">
                  {list.isPending ? "Carregando..." : list.isError ? list.error.message : "Nenhum atendente cadastrado."}
                </TableCell>
              </TableRow>
            )}
            {staff.map((member) => (
              <TableRow key={member.id}>
                <TableCell className="font-medium whitespace-normal">{member.name}</TableCell>
                <TableCell>{member.manager ? <Badge variant="secondary">{STAFF_MESSAGES.manager}</Badge> : "Não"}</TableCell>
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    <Button type="button" variant="ghost" size="icon" aria-label={`Editar ${member.name}`} onClick={() => setEditing(member)}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" aria-label={`Excluir ${member.name}`} onClick={() => setRemoving(member)}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Novo atendente" : "Editar atendente"}
        description={editing === "new" ? `Nome e PIN de 4 a 6 dígitos de quem atende em ${access.store}.` : "Deixe o PIN em branco para manter o atual."}
      >
        {editing !== null && <StaffForm key={editing === "new" ? "new" : editing.id} access={access} member={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? `Excluir ${removing.name}?` : "Excluir atendente?"}
        description="O atendente deixa de poder usar o seu PIN; os registros que ele assinou continuam com o seu nome."
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => removing && remove.mutateAsync(removing.id)}
      />
    </section>
  );
}

function StaffForm({ access, member, onDone }: { access: StaffAccess; member: Staff | null; onDone: () => void }) {
  const save = useSaveStaff(access);
  const managerId = useId();
  const form = useForm<StaffFormValues, unknown, z.output<typeof createForm> | z.output<typeof editForm>>({
    resolver: formResolver(member ? editForm : createForm),
    defaultValues: { name: member?.name ?? "", pin: "", manager: member?.manager ?? false },
  });
  const onSubmit = form.handleSubmit((input) => save.mutateAsync({ ...(member ? { id: member.id } : {}), input }).then(onDone, () => undefined));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={member ? "Editar atendente" : "Novo atendente"}>
      <FieldGroup>
        <Controller
          name="name"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="staff-name">Nome</FieldLabel>
              <FieldControl>
                <Input {...field} id="staff-name" autoComplete="off" />
              </FieldControl>
              <FieldError errors={[fieldState.error]} />
            </Field>
          )}
        />
        <Controller
          name="pin"
          control={form.control}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid}>
              <FieldLabel htmlFor="staff-pin">PIN</FieldLabel>
              <FieldControl>
                <Input
                  {...field}
                  id="staff-pin"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={STAFF_PIN_MAX}
                  onChange={(event) => field.onChange(event.target.value.replace(/\D/g, "").slice(0, STAFF_PIN_MAX))}
                />
              </FieldControl>
              <FieldDescription>{member ? "Em branco, o PIN continua o mesmo." : "De 4 a 6 dígitos, diferente do PIN dos outros atendentes da loja."}</FieldDescription>
              <FieldError errors={[fieldState.error]} />
            </Field>
          )}
        />
        <Controller
          name="manager"
          control={form.control}
          render={({ field }) => (
            <Field orientation="horizontal">
              <Checkbox id={managerId} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
              <FieldLabel htmlFor={managerId} className="font-normal">
                Gerente (pode cadastrar atendentes na loja)
              </FieldLabel>
            </Field>
          )}
        />
      </FieldGroup>
      <DialogFormButtons submitLabel={member ? "Salvar" : "Criar atendente"} pending={save.isPending} onCancel={onDone} className="mt-6" />
    </form>
  );
}
