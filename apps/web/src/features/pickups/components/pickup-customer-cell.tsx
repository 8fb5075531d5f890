import { formatCpf } from "@passo/domain";
import { TruncatedText } from "@/components/data-table/truncated-text";
import { CopyButton } from "@/components/feedback/copy-button";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { hasContact, type PickupView } from "../api/get-pickups";

/**
 * The Cliente cell. An administrator's opens the CPF, phone and e-mail (a mailto link); a store is
 * served the name and a masked CPF only, shown in place.
 */
export function PickupCustomerCell({ pickup }: { pickup: PickupView }) {
  if (!hasContact(pickup)) {
    return (
      <div className="flex flex-col">
        <TruncatedText value={pickup.customerFullName} className="max-w-36" />
        <span className="text-xs text-muted-foreground">CPF {pickup.customerCPF}</span>
        <span className="text-xs text-muted-foreground">Pedido {pickup.orderNumber}</span>
      </div>
    );
  }
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className="h-auto max-w-36 px-2 py-1 text-left underline decoration-dotted underline-offset-4" title={pickup.customerFullName}>
          <span className="truncate">{pickup.customerFullName}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80">
        <p className="mb-3 text-sm font-medium">{pickup.customerFullName}</p>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
          <dt className="text-muted-foreground">CPF</dt>
          <dd>{formatCpf(pickup.customerCPF)}</dd>
          <dt className="text-muted-foreground">Contato</dt>
          <dd className="flex items-center gap-1">
            <a href={`tel:${pickup.customerPhone.replace(/[^\d+]/g, "")}`} className="underline-offset-4 hover:underline">
              {pickup.customerPhone}
            </a>
            <CopyButton value={pickup.customerPhone} variant="phone" />
          </dd>
          <dt className="text-muted-foreground">E-mail</dt>
          <dd className="min-w-0 break-all">
            <a href={`mailto:${pickup.customerEmail}`} className="text-primary underline-offset-4 hover:underline">
              {pickup.customerEmail}
            </a>
          </dd>
        </dl>
      </PopoverContent>
    </Popover>
  );
}
