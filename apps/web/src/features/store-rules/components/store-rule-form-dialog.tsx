import { storeRuleInputSchema, type StoreRule, type RecipientRole } from "@passo/domain";
import { useMemo } from "react";
import { Controller, useForm, type Control } from "react-hook-form";
import type { z } from "zod";
import { SwitchFields } from "@/components/form/switch-fields";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { FormDialog } from "@/components/feedback/form-dialog";
import { Field, FieldControl, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { useAllRecipients } from "@/api/get-recipients";
import { useStores } from "@/api/get-users";
import { formResolver } from "@/lib/form-resolver";
import { NameCombobox } from "@/components/name-combobox";
import { useCreateStoreRule } from "../api/create-store-rule";
import { useAllStoreRules } from "../api/get-store-rules";
import { useUpdateStoreRule } from "../api/update-store-rule";

const schema = storeRuleInputSchema;

interface StoreRuleFormValues {
  store: string;
  supervisor: string;
  manager: string;
  /** Blank: none. */
  assistantManager: string;
  notificationPicklist: boolean;
  notificationPickup: boolean;
  notificationReturn: boolean;
}

type TextField = "store" | "supervisor" | "manager" | "assistantManager";
type FlagField = "notificationPicklist" | "notificationPickup" | "notificationReturn";

interface RecipientPicker {
  name: TextField;
  role: RecipientRole;
  label: string;
  placeholder: string;
  searchPlaceholder: string;
  clearLabel?: string;
}

/** Who hears about the store: a recipient of each role, the assistant manager optional. */
const RECIPIENT_PICKERS: readonly RecipientPicker[] = [
  {
    name: "supervisor",
    role: "Supervisor",
    label: "Supervisor",
    placeholder: "Selecione o supervisor...",
    searchPlaceholder: "Pesquise o supervisor...",
  },
  {
    name: "manager",
    role: "Gerente",
    label: "Gerente",
    placeholder: "Selecione o gerente...",
    searchPlaceholder: "Pesquise o gerente...",
  },
  {
    name: "assistantManager",
    role: "Subgerente",
    label: "Subgerente (opcional)",
    placeholder: "Nenhum",
    searchPlaceholder: "Pesquise o subgerente...",
    clearLabel: "Nenhum",
  },
];

const FLAGS: { name: FlagField; label: string }[] = [
  { name: "notificationPicklist", label: "Lista de separação" },
  { name: "notificationPickup", label: "Retirada em loja" },
  { name: "notificationReturn", label: "Devolução em loja" },
];

export interface StoreRuleFormDialogProps {
  /** The rule to edit; null creates one. */
  rule: StoreRule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A store's notification rule. */
export function StoreRuleFormDialog({ rule, open, onOpenChange }: StoreRuleFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? "Editar notificação" : "Nova notificação"}
      description="Escolha a loja, quem recebe os e-mails sobre ela e de quais processos."
    >
      {open && <StoreRuleForm key={rule?.id ?? "new"} rule={rule} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function StoreRuleForm({ rule, onDone }: { rule: StoreRule | null; onDone: () => void }) {
  const create = useCreateStoreRule();
  const update = useUpdateStoreRule();
  const pending = create.isPending || update.isPending;
  const form = useForm<StoreRuleFormValues, unknown, z.output<typeof schema>>({
    resolver: formResolver(schema),
    defaultValues: rule
      ? { ...rule, assistantManager: rule.assistantManager ?? "" }
      : {
          store: "",
          supervisor: "",
          manager: "",
          assistantManager: "",
          notificationPicklist: true,
          notificationPickup: true,
          notificationReturn: true,
        },
  });

  const stores = useStores();
  const rules = useAllStoreRules();
  const recipients = useAllRecipients();
  // One rule per store: the stores that have one already are not offered again.
  const storeOptions = useMemo(() => {
    const taken = new Set((rules.data?.notifications ?? []).filter((r) => r.id !== rule?.id).map((r) => r.store));
    return (stores.data ?? []).filter((name) => !taken.has(name));
  }, [stores.data, rules.data, rule?.id]);
  const namesOf = (role: RecipientRole) =>
    (recipients.data?.recipients ?? [])
      .filter((recipient) => recipient.role === role)
      .map((recipient) => recipient.username);

  const onSubmit = form.handleSubmit((values) =>
    (rule ? update.mutateAsync({ id: rule.id, body: values }) : create.mutateAsync(values)).then(onDone, () => undefined),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={rule ? "Editar notificação" : "Nova notificação"}>
      <FieldGroup>
        <PickerField
          control={form.control}
          name="store"
          label="Loja"
          options={storeOptions}
          loading={stores.isPending || rules.isPending}
          placeholder="Selecione a loja..."
          searchPlaceholder="Pesquise a loja..."
          emptyText="Nenhuma loja sem notificação."
        />
        {RECIPIENT_PICKERS.map(({ role, ...picker }) => (
          <PickerField
            key={picker.name}
            control={form.control}
            options={namesOf(role)}
            loading={recipients.isPending}
            emptyText={`Nenhum destinatário com o cargo ${role}.`}
            {...picker}
          />
        ))}
        <SwitchFields control={form.control} legend="Enviar e-mails sobre" switches={FLAGS} idPrefix="rule" />
      </FieldGroup>
      <DialogFormButtons submitLabel={rule ? "Salvar" : "Criar notificação"} pending={pending} onCancel={onDone} className="mt-6" />
    </form>
  );
}

function PickerField<Output>({
  control,
  name,
  label,
  ...picker
}: {
  control: Control<StoreRuleFormValues, unknown, Output>;
  name: TextField;
  label: string;
  options: readonly string[];
  loading: boolean;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  clearLabel?: string;
}) {
  const id = `rule-${name}`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Field data-invalid={fieldState.invalid}>
          <FieldLabel htmlFor={id}>{label}</FieldLabel>
          <FieldControl>
            <NameCombobox id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} {...picker} />
          </FieldControl>
          <FieldError errors={[fieldState.error]} />
        </Field>
      )}
    />
  );
}
