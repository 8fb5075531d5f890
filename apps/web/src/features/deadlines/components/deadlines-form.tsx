import { deadlinesSchema, type Deadlines } from "@passo/domain";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { formResolver } from "@/lib/form-resolver";
import { useUpdateDeadlines } from "../api/update-deadlines";

/** The form holds the numbers as typed; the reminder days as one text, "3, 7". */
export interface DeadlinesFormValues {
  reminderDays: string;
  escalationDays: string;
  overdueDays: string;
  picklistStartHours: string;
}

const resolver = formResolver<DeadlinesFormValues, Deadlines>(deadlinesSchema);

function formValues(deadlines: Deadlines): DeadlinesFormValues {
  return {
    reminderDays: deadlines.reminderDays.join(", "),
    escalationDays: String(deadlines.escalationDays),
    overdueDays: String(deadlines.overdueDays),
    picklistStartHours: String(deadlines.picklistStartHours),
  };
}

const FIELDS: { name: keyof DeadlinesFormValues; label: string; description: string; placeholder: string }[] = [
  {
    name: "reminderDays",
    label: "Dias dos lembretes ao cliente",
    description: "Dias de espera em que o cliente recebe um lembrete por e-mail, separados por vírgula. Deixe em branco para não enviar lembretes.",
    placeholder: "3, 7",
  },
  {
    name: "escalationDays",
    label: "Dia do escalonamento",
    description: "Dia de espera em que o supervisor, o gerente e o subgerente da loja são avisados.",
    placeholder: "10",
  },
  {
    name: "overdueDays",
    label: "Prazo de retirada (dias)",
    description: "Depois deste prazo, o pedido aparece como 'Atrasado'.",
    placeholder: "15",
  },
  {
    name: "picklistStartHours",
    label: "Horas para iniciar uma lista",
    description: "Uma lista ainda não iniciada depois deste tempo gera um lembrete automático à loja.",
    placeholder: "24",
  },
];

/** 'Prazos': when the customer is reminded, the store's supervisors are told, and a pickup is overdue. */
export function DeadlinesForm({ deadlines }: { deadlines: Deadlines }) {
  const mutation = useUpdateDeadlines();
  const form = useForm<DeadlinesFormValues, unknown, Deadlines>({ resolver, defaultValues: formValues(deadlines) });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutateAsync(values).then(
      (saved) => form.reset(formValues(saved.deadlines)),
      () => undefined,
    ),
  );

  return (
    <Card>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Prazos">
          <FieldGroup>
            <div className="grid gap-6 md:grid-cols-2">
              {FIELDS.map(({ name, label, description, placeholder }) => (
                <Controller
                  key={name}
                  name={name}
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <Field data-invalid={fieldState.invalid}>
                      <FieldLabel htmlFor={`deadlines-${name}`}>{label}</FieldLabel>
                      <FieldControl>
                        <Input {...field} id={`deadlines-${name}`} inputMode="numeric" autoComplete="off" placeholder={placeholder} />
                      </FieldControl>
                      <FieldDescription>{description}</FieldDescription>
                      <FieldError errors={[fieldState.error]} />
                    </Field>
                  )}
                />
              ))}
            </div>
            <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto sm:self-end">
              {mutation.isPending && <Spinner aria-hidden="true" />}
              Salvar
            </Button>
          </FieldGroup>
        </form>
      </CardContent>
    </Card>
  );
}
