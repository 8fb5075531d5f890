import { copyValue, formatDuration, picklistNumberLabel, type Picklist } from "@passo/domain";
import { PrinterIcon } from "lucide-react";
import { RowActionButton } from "@/components/data-table/row-actions";
import { Code128 } from "@/components/print/code128";
import { printPages, usePrintSheet } from "@/components/print/print-sheet";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/dates";
import { cn } from "@/lib/utils";

/** Items on one A4 page: with the header, twelve rows of barcodes fit with room to spare. */
export const PICKLIST_ITEMS_PER_PAGE = 12;

/** The printed picking list: one A4 page per twelve items, each item with its code as a barcode and a tick box. */
export function PicklistPrint({ list }: { list: Picklist }) {
  const pages = printPages(list.listItems, PICKLIST_ITEMS_PER_PAGE);
  const duration = formatDuration(list.timeStarted, list.timeCompleted);
  return (
    <>
      {pages.map((items, page) => (
        <section key={page} className="print-page flex flex-col gap-4" aria-label={`Página ${page + 1} de ${pages.length}`}>
          <header className="flex items-start justify-between gap-6 border-b border-black pb-3">
            <div className="flex flex-col gap-1">
              <h1 className="text-xl font-bold">Lista de separação</h1>
              <p className="text-base font-semibold tabular-nums">{picklistNumberLabel(list.number)}</p>
              <p className="text-base font-semibold">{list.destination}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt>Remetente</dt>
                <dd>{list.sender}</dd>
                <dt>Enviado</dt>
                <dd>{formatDateTime(list.sendDate) || "—"}</dd>
                <dt>Iniciado</dt>
                <dd>{formatDateTime(list.timeStarted) || "—"}</dd>
                <dt>Finalizado</dt>
                <dd>{formatDateTime(list.timeCompleted) || "—"}</dd>
                {list.finishedBy && (
                  <>
                    <dt>Finalizado por</dt>
                    <dd>{list.finishedBy}</dd>
                  </>
                )}
                {duration && (
                  <>
                    <dt>Duração</dt>
                    <dd>{duration}</dd>
                  </>
                )}
                <dt>Status</dt>
                <dd>{list.currentStatus}</dd>
                {list.numberTransfer && (
                  <>
                    <dt>Nº TR</dt>
                    <dd>{list.numberTransfer}</dd>
                  </>
                )}
              </dl>
            </div>
            <div className="flex flex-col items-end gap-1 text-sm">
              {/* The number, not the 36-character id: a short code a scanner reads at a glance and a person can type. */}
              <Code128 value={String(list.number)} height={34} />
              <span>
                {list.listItems.length === 1 ? "1 item" : `${list.listItems.length} itens`} · Página {page + 1} de {pages.length}
              </span>
            </div>
          </header>
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-black text-left">
                <th className="w-10 py-1 font-semibold">
                  <span className="sr-only">Separado</span>✓
                </th>
                <th className="py-1 font-semibold">Descrição do item</th>
                <th className="py-1 text-right font-semibold">Código</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={`${page}-${index}`} className="h-[17mm] border-b border-neutral-400">
                  <td className="py-1 align-middle">
                    <span aria-hidden="true" className="block size-5 border-2 border-black" />
                  </td>
                  <td className="py-1 pr-4 align-middle break-words">{item}</td>
                  <td className="py-1 text-right align-middle">
                    <Code128 value={copyValue(item, "codeAll")} height={30} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}

/** 'Imprimir' on a store's card: the list on paper, for the stockroom. */
export function PrintPicklistButton({ list, className }: { list: Picklist; className?: string }) {
  const { print, sheet, printing } = usePrintSheet();
  return (
    <>
      <Button variant="outline" className={cn("pointer-coarse:h-11", className)} disabled={printing} onClick={() => void print(<PicklistPrint list={list} />)}>
        {printing ? <Spinner aria-hidden="true" /> : <PrinterIcon aria-hidden="true" />}
        Imprimir
      </Button>
      {sheet}
    </>
  );
}

/** 'Imprimir' among an office row's actions. */
export function PrintPicklistRowAction({ list }: { list: Picklist }) {
  const { print, sheet, printing } = usePrintSheet();
  return (
    <>
      <RowActionButton label={`Imprimir a lista de ${list.destination}`} title="Imprimir" disabled={printing} onClick={() => void print(<PicklistPrint list={list} />)}>
        <PrinterIcon aria-hidden="true" />
      </RowActionButton>
      {sheet}
    </>
  );
}
