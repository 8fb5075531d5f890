import { AWAITING_PICKUP } from "@passo/domain";
import { MailIcon } from "lucide-react";
import { RowActionButton } from "@/components/data-table/row-actions";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useResendReadyEmail } from "../api/resend-ready-email";
import type { PickupView } from "../api/get-pickups";

export interface ResendReadyButtonProps {
  pickup: PickupView;
  /** `icon`: one of a table row's Ações (the administrator's); `text`: a labelled button (the store's counter). */
  variant: "icon" | "text";
}

/**
 * 'Reenviar aviso': the customer's ready-for-pickup e-mail again, for a pickup waiting in the store.
 * The server's answer is the toast: sent, or how long to wait (once an hour per pickup).
 */
export function ResendReadyButton({ pickup, variant }: ResendReadyButtonProps) {
  const resend = useResendReadyEmail();
  if (pickup.pickupStatus !== AWAITING_PICKUP) return null;
  const label = `Reenviar aviso ao cliente do pedido ${pickup.orderNumber}`;
  const onClick = () => resend.mutate(pickup.id);
  if (variant === "icon") {
    return (
      <RowActionButton label={label} title="Reenviar aviso" disabled={resend.isPending} onClick={onClick}>
        {resend.isPending ? <Spinner aria-hidden="true" /> : <MailIcon aria-hidden="true" />}
      </RowActionButton>
    );
  }
  return (
    <Button size="sm" variant="outline" aria-label={label} disabled={resend.isPending} onClick={onClick}>
      {resend.isPending ? <Spinner aria-hidden="true" /> : <MailIcon aria-hidden="true" />}
      Reenviar aviso
    </Button>
  );
}
