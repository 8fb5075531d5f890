import { formatCpf, isOverdue, RETURN_REFUSED } from "@passo/domain";

import { CopyButton } from "@/components/feedback/copy-button";
import { StatusBadge } from "@/components/feedback/status-badge";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { formatDateTime } from "@/lib/dates";
import { cn } from "@/lib/utils";

import type { ReturnRecord, StoreReturnRecord } from "../api/get-returns";

/**
 * The return-order date; past the 30 days after which a return may expire it shows in red,
 * with the reason spelled out for screen readers.
 */
export function CreationDateCell({ value, now = new Date() }: { value: string; now?: Date }) {
  const overdue = isOverdue(new Date(value), now);
  return (
    <span data-overdue={overdue || undefined} className={cn(overdue && "font-medium text-destructive")}>
      {formatDateTime(value)}
      {overdue && <span className="sr-only"> (há mais de 30 dias)</span>}
    </span>
  );
}

/** The customer's name; for an administrator it opens the CPF, phone and e-mail. */
export function ReturnCustomerCell({ row }: { row: ReturnRecord }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="link"
          className="h-auto p-0 text-left font-normal text-foreground"
          aria-label={`Cliente ${row.customerFullName}`}
        >
          {row.customerFullName}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 text-sm">
        <p className="mb-2 font-medium">{row.customerFullName}</p>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">CPF</dt>
          <dd>{formatCpf(row.customerCPF)}</dd>
          <dt className="text-muted-foreground">Contato</dt>
          <dd className="flex items-center gap-1">
            {row.customerPhone}
            <CopyButton value={row.customerPhone} variant="phone" />
          </dd>
          <dt className="text-muted-foreground">E-mail</dt>
          <dd className="min-w-0 break-all">
            <a className="underline underline-offset-4" href={`mailto:${row.customerEmail}`}>
              {row.customerEmail}
            </a>
          </dd>
        </dl>
      </PopoverContent>
    </Popover>
  );
}

/** What a store sees of the customer: the name and the masked CPF the server sends. */
export function StoreReturnCustomerCell({ row }: { row: StoreReturnRecord }) {
  return (
    <div className="flex flex-col">
      <span>{row.customerFullName}</span>
      <span className="text-xs text-muted-foreground">{row.customerCPF}</span>
    </div>
  );
}

/** Nº TR: the transfer number, opening the date of the transfer. */
export function TransferNumberCell({ row }: { row: Pick<ReturnRecord, "transferNumber" | "dateOfTransfer"> }) {
  if (!row.transferNumber) return null;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className="underline decoration-dotted underline-offset-4">
          {row.transferNumber}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 text-sm">
        <p className="font-medium">Data da transferência</p>
        <p className="text-muted-foreground">{formatDateTime(row.dateOfTransfer) || "Não informada"}</p>
      </PopoverContent>
    </Popover>
  );
}

/** The status badge, and under a refused return the reason the store gave. */
export function ReturnStatusCell({ row }: { row: Pick<ReturnRecord, "returnStatus" | "reasonForRefusal"> }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={row.returnStatus} />
      {row.returnStatus === RETURN_REFUSED && row.reasonForRefusal && (
        <span className="text-xs text-muted-foreground">Motivo: {row.reasonForRefusal}</span>
      )}
    </div>
  );
}
