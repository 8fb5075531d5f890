import { IN_TRANSIT, POSTAL } from "@passo/domain";
import { CircleCheckIcon, CircleDashedIcon, MailIcon, StoreIcon, TruckIcon, type LucideIcon } from "lucide-react";
import { RecordNotifications } from "@/components/feedback/record-notifications";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { formatDateTime } from "@/lib/dates";
import { cn } from "@/lib/utils";
import { hasContact, type PickupView } from "../api/get-pickups";
import { collectorText, PrintPickupReceiptButton } from "./pickup-receipt";
import { TrackingCode } from "./tracking-code";
import { useSignatureImage } from "../api/signature";

interface Step {
  title: string;
  date?: string | null;
  details?: string[];
  state: "done" | "current" | "pending";
}

const ICONS: Record<Step["state"], LucideIcon> = { done: CircleCheckIcon, current: TruckIcon, pending: CircleDashedIcon };
const STATE_TEXT: Record<Step["state"], string> = { done: "concluído", current: "etapa atual", pending: "pendente" };

/** A pickup's steps: registered, in transit (while it is), received in the store (Correios only), picked up. */
export function timelineSteps(pickup: PickupView): Step[] {
  const steps: Step[] = [{ title: "Pedido de retirada em loja registrado", date: pickup.orderDispatchDate, state: "done" }];
  if (pickup.pickupStatus === IN_TRANSIT) steps.push({ title: IN_TRANSIT, state: "current" });
  if (pickup.pickupType === POSTAL) {
    steps.push({
      title: "Recebido em loja física",
      date: pickup.orderReceivedAtStoreDate,
      state: pickup.orderReceivedAtStoreDate ? "done" : "pending",
      ...(pickup.receivedBy ? { details: [`Recebido por ${pickup.receivedBy}`] } : {}),
    });
  }
  const collector = collectorText(pickup);
  const details = [collector && `Retirado por ${collector}`, pickup.handedOverBy && `Entregue por ${pickup.handedOverBy}`].filter((line): line is string => !!line);
  steps.push({ title: "Pedido retirado com sucesso!", date: pickup.actualPickupDate, state: pickup.actualPickupDate ? "done" : "pending", details });
  return steps;
}

/**
 * The type in one short word beside its icon ('Correios', 'Na loja'); the rest of the type's name is
 * there for screen readers and searches, and whole on hover.
 */
function OperationTypeLabel({ postal }: { postal: boolean }) {
  const Icon = postal ? MailIcon : StoreIcon;
  return (
    <>
      <Icon aria-hidden="true" className="text-muted-foreground" />
      <span className="underline decoration-dotted underline-offset-4">
        {postal ? (
          <>
            <span className="sr-only">Envio realizado via </span>Correios
          </>
        ) : (
          <>
            <span className="sr-only">Disponível </span>
            <span className="inline-block underline decoration-dotted underline-offset-4 first-letter:uppercase">na loja</span>
          </>
        )}
      </span>
    </>
  );
}

/** The customer's signature collected at the handover, read when the timeline opens. */
function SignatureImage({ signatureFileName }: { signatureFileName: string }) {
  const image = useSignatureImage(signatureFileName);
  return (
    <div className="mt-3 flex flex-col gap-1 text-sm">
      <p className="text-xs text-muted-foreground">Assinatura do cliente</p>
      {image.data ? (
        <img src={image.data} alt="Assinatura do cliente" className="h-20 w-full rounded border bg-white object-contain" />
      ) : (
        <span className="text-xs text-muted-foreground">{image.isError ? "Não foi possível abrir a assinatura." : "Carregando…"}</span>
      )}
    </div>
  );
}

/**
 * The operation-type cell: the type, opening the order's timeline, its tracking code or transfer
 * number, and (for the administrator) the e-mails sent about it.
 */
export function OperationTimeline({ pickup }: { pickup: PickupView }) {
  const postal = pickup.pickupType === POSTAL;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className="h-auto gap-1.5 px-2 py-1" title={pickup.pickupType}>
          <OperationTypeLabel postal={postal} />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80">
        <p className="mb-3 text-sm font-medium">Acompanhamento do pedido {pickup.orderNumber}</p>
        <ol className="flex flex-col gap-3" aria-label="Linha do tempo do pedido">
          {timelineSteps(pickup).map((step) => {
            const Icon = ICONS[step.state];
            return (
              <li key={step.title} data-state={step.state} className={cn("flex gap-2 text-sm", step.state === "pending" && "text-muted-foreground opacity-60")}>
                <Icon
                  aria-hidden="true"
                  className={cn("mt-0.5 size-4 shrink-0", step.state === "done" && "text-success", step.state === "current" && "text-warning")}
                />
                <div className="flex flex-col">
                  <span className={cn(step.state !== "pending" && "font-medium")}>{step.title}</span>
                  {step.date && <span className="text-xs text-muted-foreground">{formatDateTime(step.date)}</span>}
                  {step.details?.map((line) => (
                    <span key={line} className="text-xs">
                      {line}
                    </span>
                  ))}
                  <span className="sr-only">({STATE_TEXT[step.state]})</span>
                </div>
              </li>
            );
          })}
        </ol>
        {pickup.signatureFileName && <SignatureImage signatureFileName={pickup.signatureFileName} />}
        <div className="mt-4 border-t pt-3 text-sm">
          <p className="text-xs text-muted-foreground">{postal ? "Código de rastreio" : "Número da transferência"}</p>
          <TrackingCode code={pickup.trackingCode} type={pickup.pickupType} />
        </div>
        {/* The e-mails name the customer's address: the administrator's screens only. */}
        {hasContact(pickup) && <RecordNotifications recordId={pickup.id} />}
        <PrintPickupReceiptButton pickup={pickup} className="mt-3 h-11 w-full" />
      </PopoverContent>
    </Popover>
  );
}
