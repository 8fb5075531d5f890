import { STAFF_PIN_MAX, STAFF_PIN_MIN } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { LockIcon, UsersIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldControl, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { staffQueryOptions } from "../api/staff";
import { StaffManager } from "./staff-manager";

/**
 * 'Atendentes' on the store's own settings: a manager types their own PIN first; the store's staff
 * then show, to add, edit and remove without calling the office. The PIN stays on this screen only
 * (each change sends it again) and is forgotten on 'Sair dos atendentes' or when the page closes.
 */
export function StoreStaffSection({ store }: { store: string }) {
  const queryClient = useQueryClient();
  const pinId = useId();
  const errorId = useId();
  const [typed, setTyped] = useState("");
  const [managerPin, setManagerPin] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const enter = async () => {
    if (typed.length < STAFF_PIN_MIN || pending) return;
    setPending(true);
    setError(null);
    try {
      // The list answers only to a manager's PIN: reading it is the check.
      await queryClient.fetchQuery(staffQueryOptions({ store, managerPin: typed }));
      setManagerPin(typed);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Não foi possível verificar o PIN. Tente novamente.");
    } finally {
      setTyped("");
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersIcon aria-hidden="true" className="size-5" />
          Atendentes
        </CardTitle>
        <CardDescription>Quem atende na loja se identifica com o seu PIN. Um gerente da loja pode cadastrar, editar e excluir atendentes.</CardDescription>
      </CardHeader>
      <CardContent>
        {managerPin ? (
          <div className="flex flex-col gap-4">
            <StaffManager access={{ store, managerPin }} />
            <Button type="button" variant="outline" className="self-start" onClick={() => setManagerPin(null)}>
              <LockIcon aria-hidden="true" />
              Sair dos atendentes
            </Button>
          </div>
        ) : (
          <form
            noValidate
            aria-label="Ver atendentes"
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              void enter();
            }}
          >
            <Field className="sm:max-w-48" data-invalid={error ? true : undefined}>
              <FieldLabel htmlFor={pinId}>PIN do gerente</FieldLabel>
              <FieldControl>
                <Input
                  id={pinId}
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={STAFF_PIN_MAX}
                  value={typed}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => setTyped(event.target.value.replace(/\D/g, "").slice(0, STAFF_PIN_MAX))}
                />
              </FieldControl>
            </Field>
            <Button type="submit" disabled={typed.length < STAFF_PIN_MIN || pending}>
              {pending && <Spinner aria-hidden="true" />}
              Ver atendentes
            </Button>
            {error && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive sm:self-center">
                {error}
              </p>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
