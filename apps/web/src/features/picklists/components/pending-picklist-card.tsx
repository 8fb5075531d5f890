import { canFinishPicklist, canStartPicklist, canSwitchUnavailable, canTickPicklist, catalogIndex, formatDuration, isGtinShaped, isPicklistFinished, matchScan, normalizeSku, PICKLIST_IN_PROGRESS, PICKLIST_MESSAGES, PICKLIST_NOT_COMPLETED, PICKLIST_NOT_STARTED, picklistNumberLabel, progressPercent, SCAN_MESSAGES, scanRefusal, tickItems, TRANSFER_NUMBER_MESSAGE, TRANSFER_NUMBER_PATTERN, type ItemSplit, type Picklist, type Product } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { ChevronDownIcon } from "lucide-react";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { productsByItemsQueryOptions, useProductsByItems } from "@/api/get-products";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { CopyButton } from "@/components/feedback/copy-button";
import { StatusBadge } from "@/components/feedback/status-badge";
import { ScanField, type ScanFeedback } from "@/components/scan/scan-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Field, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useOnline } from "@/lib/connection";
import { formatDateTime } from "@/lib/dates";
import { markScan, measureScanTick } from "@/lib/scan-timing";
import { keepToastsClear } from "@/lib/toast-clearance";
import { cn } from "@/lib/utils";
import { useTransferNumberUse } from "../api/check-transfer-number";
import { useStartPicklist } from "../api/start-picklist";
import { useStaffPin } from "@/components/staff-pin/use-staff-pin";
import { useUpdatePendingPicklist } from "../api/update-picklist";
import type { OfflineChange } from "../offline/change-queue";
import { pendingLabel, withQueued } from "../offline/offline-changes";
import { queueChange, useQueuedChanges } from "../offline/use-queued-changes";
import { NotSentChanges } from "./not-sent-changes";
import { groupItems, groupLabel } from "../utils/item-groups";
import { PrintPicklistButton } from "./picklist-print";

/** Drawn once for every card: a constant element is not built again when the card is. */
const chevron = <ChevronDownIcon aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-180" />;

function separatedTitle(count: number): string {
  if (count === 0) return "Nenhum produto separado";
  return count === 1 ? "1 Produto separado" : `${count} Produtos separados`;
}

/** 'As 3 marcações serão desfeitas. Deseja continuar?': what 'Produtos indisponíveis' takes away. */
export function unavailableWarning(separated: number): string {
  const undone = separated === 1 ? "A marcação do produto separado será desfeita." : `As ${separated} marcações serão desfeitas.`;
  return `${undone} Deseja continuar?`;
}

/** '9 separados · 1 não encontrado': how a list ends if finished now. */
export function finishSummary(list: Pick<Picklist, "completedItems" | "uncompletedItems">): string {
  const separated = list.completedItems.length;
  const notFound = list.uncompletedItems.length;
  return `${separated} ${separated === 1 ? "separado" : "separados"} · ${notFound} ${notFound === 1 ? "não encontrado" : "não encontrados"}`;
}

export interface PendingPicklistCardProps {
  list: Picklist;
  /** The signed-in store: a list now going elsewhere cannot be started. */
  store: string;
  /** Shown whole at first; otherwise only its header, until opened. */
  defaultOpen?: boolean;
}

/** One of the store's pending lists: start it, tick its items, finish it with the transfer number. */
export function PendingPicklistCard({ list: served, store, defaultOpen = true }: PendingPicklistCardProps) {
  // Changes made without a connection wait on the device (offline/change-queue.ts): the card shows the
  // list with them applied, by the rule the server will apply, until they are sent; a refusal stops them.
  const queue = useQueuedChanges(served.id);
  const stopped = queue.refused !== undefined;
  const list = useMemo(() => (queue.entries.length > 0 && !stopped ? withQueued(served, queue.entries) : served), [served, queue.entries, stopped]);
  const [open, setOpen] = useState(defaultOpen);
  const titleId = useId();
  const transferId = useId();
  const switchId = useId();
  const queryClient = useQueryClient();
  const start = useStartPicklist();
  const update = useUpdatePendingPicklist(list.id);
  const staffPin = useStaffPin(`Finalizar a ${picklistNumberLabel(list.number)}.`);
  // The split the scans sent so far, while their answers are on the way: it shows at once (the tick
  // needs no round trip) and a quick second scan builds on it.
  const scanned = useRef<{ split: ItemSplit; waiting: number }>({ split: list, waiting: 0 });
  const [scannedSplit, setScannedSplit] = useState<ItemSplit | null>(null);
  const [typedTransfer, setTypedTransfer] = useState("");
  // The split before 'Produtos indisponíveis' was switched on: the server does not keep it.
  const [keptSplit, setKeptSplit] = useState<ItemSplit | null>(null);
  const [asking, setAsking] = useState<"unavailable" | "finish" | null>(null);
  const scanField = useRef<{ focus: () => void }>(null);
  // 'Iniciar' was pressed here: the scan field it brings takes the focus, ready for the first scan.
  const startedHere = useRef(false);

  // What may be pressed is the domain's rule, the one the server applies.
  const finished = isPicklistFinished(list);
  const notStarted = list.currentStatus === PICKLIST_NOT_STARTED;
  const unavailable = list.currentStatus === PICKLIST_NOT_COMPLETED;
  const inProgress = canTickPicklist(list);
  // A tick or scan being saved leaves the lines tickable and the buttons as they were (each change
  // goes out after the one before it, in order): only starting, 'Produtos indisponíveis' and finishing
  // hold the card still. The buttons do not blink at every scan.
  // With no connection, or while earlier changes wait, a change joins the queue (in order, after them).
  const offline = !useOnline();
  const queueing = offline || queue.entries.length > 0;
  const changingStatus = stopped || start.isPending || (update.isPending && !isSplitOnly(update.variables?.body));
  const saving = start.isPending || update.isPending;
  const split: ItemSplit = scannedSplit ?? list;
  const total = list.listItems.length;
  const percent = progressPercent(split.completedItems.length, total);
  const toSeparate = notStarted ? list.listItems : split.uncompletedItems;
  // The catalog's products among the items, read once when the list opens: a GTIN scan is matched here.
  const products = useProductsByItems(list.listItems, !finished && open);
  const productsByCode = useMemo(() => catalogIndex(products.data ?? []), [products.data]);
  const transferNumber = finished ? (list.numberTransfer ?? "") : typedTransfer;
  const duration = formatDuration(list.timeStarted, list.timeCompleted);
  const transferUse = useTransferNumberUse(transferNumber, list.id, inProgress);
  const transferWarningId = useId();
  const usedOn = inProgress && transferUse.data ? transferUse.data.number : undefined;

  useEffect(() => {
    if (scannedSplit) measureScanTick();
  }, [scannedSplit]);

  useEffect(() => {
    if (!inProgress || !startedHere.current) return;
    startedHere.current = false;
    scanField.current?.focus();
  }, [inProgress]);

  /** The split on screen: the one the ticks and scans sent, while their answers are on the way. */
  const currentSplit = (): ItemSplit => (scanned.current.waiting > 0 ? scanned.current.split : list);

  /** Shows a new split at once and sends it; the card returns to the server's list with the last answer. */
  const saveSplit = (next: ItemSplit) => {
    scanned.current = { split: next, waiting: scanned.current.waiting + 1 };
    setScannedSplit(next);
    update.mutate(
      { id: list.id, body: { completedItems: next.completedItems, uncompletedItems: next.uncompletedItems } },
      {
        onSettled: () => {
          scanned.current = { ...scanned.current, waiting: scanned.current.waiting - 1 };
          if (scanned.current.waiting === 0) setScannedSplit(null);
        },
      },
    );
  };

  // One function for the card's life, so a line that did not change is not drawn again on a tick.
  const tickRef = useRef<(item: string) => void>(undefined);
  tickRef.current = (item: string) => {
    if (queueing) return keep({ kind: list.uncompletedItems.includes(item) ? "separate" : "unseparate", item });
    saveSplit(tickItems({ ...list, ...currentSplit() }, [item]));
  };
  const tick = useCallback((item: string) => tickRef.current?.(item), []);

  const scan = (code: string): ScanFeedback | Promise<ScanFeedback> => {
    markScan();
    // A GTIN scanned before the list's products are in (right as the list opens) waits for them.
    if (!products.data && isGtinShaped(normalizeSku(code))) {
      const read = queryClient.fetchQuery(productsByItemsQueryOptions(list.listItems));
      return read.then((found) => scanWith(code, catalogIndex(found)), () => scanWith(code, productsByCode));
    }
    return scanWith(code, productsByCode);
  };

  const scanWith = (code: string, index: ReadonlyMap<string, Product>): ScanFeedback => {
    const base = currentSplit();
    const outcome = matchScan({ listItems: list.listItems, completedItems: base.completedItems, uncompletedItems: base.uncompletedItems }, code, index);
    const refusal = scanRefusal(outcome);
    if (refusal !== undefined) return { tone: "error", message: refusal };
    if (outcome.kind === "alreadySeparated") return { tone: "error", message: SCAN_MESSAGES.alreadySeparated };
    if (outcome.kind !== "separated") return { tone: "error", message: SCAN_MESSAGES.unknown };
    if (queueing) keep({ kind: "separate", item: outcome.item });
    else saveSplit(outcome.split);
    return { tone: "ok", message: SCAN_MESSAGES.separated(outcome.item) };
  };

  /** A change made while queueing: kept on the device; a full queue says so. */
  const keep = (change: OfflineChange): Promise<void> =>
    queueChange(list, change).catch((error: unknown) => {
      toast.error(error instanceof Error ? error.message : "Não foi possível guardar a alteração neste aparelho.");
    });

  const markUnavailable = () => {
    if (queueing) return keep({ kind: "unavailable", on: true });
    const before = { completedItems: list.completedItems, uncompletedItems: list.uncompletedItems };
    return update.mutateAsync({ id: list.id, body: { currentStatus: PICKLIST_NOT_COMPLETED } }).then(() => setKeptSplit(before));
  };

  const setUnavailable = (on: boolean) => {
    // Switching on unticks every product: with some ticked, it asks first.
    if (on && list.completedItems.length > 0) return setAsking("unavailable");
    if (on) return void markUnavailable().catch(() => undefined);
    if (queueing) return void keep({ kind: "unavailable", on: false });
    update.mutate(
      { id: list.id, body: { currentStatus: PICKLIST_IN_PROGRESS, ...(keptSplit ?? {}) } },
      { onSuccess: () => setKeptSplit(null) },
    );
  };

  const sentTransfer = unavailable ? null : transferNumber;
  // 'Finalizar' is signed by the staff member's PIN when the store requires one ('Quem está atendendo?').
  const finishWith = (staffPin: string | undefined) =>
    update.mutateAsync({ id: list.id, body: { timeCompleted: new Date().toISOString(), numberTransfer: sentTransfer, ...(staffPin ? { staffPin } : {}) } });
  const finish = () =>
    queueing
      ? staffPin.sign((pin) => keep({ kind: "finish", numberTransfer: sentTransfer, at: new Date().toISOString(), ...(pin ? { staffPin: pin } : {}) }))
      : staffPin.sign(finishWith);

  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <Card role="article" aria-labelledby={titleId} aria-busy={saving || undefined} className="gap-4">
        <CardHeader>
          <h2 id={titleId} className="leading-none font-semibold">
            {picklistNumberLabel(list.number)}
            <span className="sr-only"> · Lista de separação enviada em {formatDateTime(list.sendDate)}</span>
          </h2>
          <CardDescription>
            {list.sender} · {total === 1 ? "1 item" : `${total} itens`} · <span aria-hidden="true">{formatDateTime(list.sendDate)}</span>
            {!open && !notStarted && ` · ${percent}%`}
          </CardDescription>
          {queue.entries.length > 0 && !stopped && (
            <p role="status" className="text-sm font-medium text-amber-700 dark:text-amber-400">
              {pendingLabel(queue.entries.length)}
            </p>
          )}
          <CardAction className="flex items-center gap-1">
            <StatusBadge status={list.currentStatus} />
            <CollapsibleTrigger asChild>
              <Button variant="ghost" size="icon" className="group size-8" aria-label={`Produtos da lista enviada em ${formatDateTime(list.sendDate)}`}>
                {chevron}
              </Button>
            </CollapsibleTrigger>
          </CardAction>
        </CardHeader>
        <CollapsibleContent className="flex flex-col gap-4">
          <CardContent className="flex flex-col gap-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <Time term="Enviado" value={formatDateTime(list.sendDate)} />
              <Time term="Iniciado" value={formatDateTime(list.timeStarted)} />
              <Time term="Finalizado" value={formatDateTime(list.timeCompleted)} />
              <Time term="Duração" value={duration ?? ""} />
              {list.finishedBy && <Time term="Finalizado por" value={list.finishedBy} />}
            </dl>

            <div className="flex items-center gap-3">
              <Progress value={percent} aria-label="Progresso da separação" aria-valuetext={`${percent}%`} />
              <span className="w-10 text-right text-sm tabular-nums">{percent}%</span>
            </div>

            {stopped && <NotSentChanges listId={served.id} entries={queue.entries} refused={queue.refused} />}

            {inProgress && <ScanField ref={scanField} label="Escanear código" placeholder="Código do produto" disabled={stopped} onScan={scan} />}

            {finished ? (
              <ItemList title="Produtos não encontrados" items={list.uncompletedItems} listItems={list.listItems} part="notFound" empty="Todos os produtos foram separados." notFound />
            ) : (
              <ItemList
                title="Produtos a separar"
                items={toSeparate}
                listItems={list.listItems}
                part="toSeparate"
                started={!notStarted}
                empty={notStarted ? "Nenhum item." : "Todos os produtos foram separados."}
                tickable={inProgress && !changingStatus}
                showCheckbox={!notStarted}
                onTick={tick}
              />
            )}

            <Collapsible className="rounded-md border">
              <CollapsibleTrigger asChild>
                <Button variant="ghost" className="group w-full justify-between">
                  {separatedTitle(split.completedItems.length)}
                  {chevron}
                </Button>
              </CollapsibleTrigger>
              <CollapsibleContent className="px-3 pb-3">
                <ItemList
                  title="Produtos separados"
                  hideTitle
                  items={split.completedItems}
                  listItems={list.listItems}
                  part="separated"
                  empty="Nenhum produto separado."
                  checked
                  tickable={inProgress && !changingStatus}
                  showCheckbox
                  onTick={tick}
                />
              </CollapsibleContent>
            </Collapsible>

            <div className="flex items-center gap-3">
              <Switch
                id={switchId}
                checked={unavailable}
                disabled={!canSwitchUnavailable(list) || changingStatus}
                onCheckedChange={setUnavailable}
              />
              <Label htmlFor={switchId}>Produtos indisponíveis</Label>
            </div>
          </CardContent>
          {/* On a tablet the list can be taller than the screen: its actions stay at hand at the bottom. */}
          <div
            ref={keepToastsClear}
            role="group"
            aria-label="Ações da lista"
            className="flex flex-col gap-4 rounded-b-xl border-t bg-card pt-4 md:sticky md:bottom-0 md:z-10 md:-mb-6 md:flex-row md:flex-wrap md:items-center md:gap-x-6 md:px-6 md:pb-4 md:shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.15)]"
          >
            <Field className="px-6 md:min-w-48 md:flex-1 md:px-0">
              <FieldLabel htmlFor={transferId}>Número da transferência</FieldLabel>
              <Input
                id={transferId}
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                value={transferNumber}
                disabled={finished || unavailable || notStarted || offline}
                aria-invalid={(inProgress && transferNumber !== "" && !TRANSFER_NUMBER_PATTERN.test(transferNumber)) || undefined}
                aria-describedby={usedOn === undefined ? undefined : transferWarningId}
                onChange={(event) => setTypedTransfer(event.target.value.replace(/\D/g, "").slice(0, 6))}
              />
              <FieldDescription>{TRANSFER_NUMBER_MESSAGE}</FieldDescription>
              {usedOn !== undefined && (
                <p id={transferWarningId} role="status" className="text-sm text-amber-700 dark:text-amber-400">
                  {PICKLIST_MESSAGES.transferNumberUsed(usedOn)}
                </p>
              )}
            </Field>
            <CardFooter className="flex flex-col gap-2 sm:flex-row sm:justify-end md:ml-auto md:px-0">
            <PrintPicklistButton list={list} className="w-full sm:mr-auto sm:w-auto" />
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                disabled={!canStartPicklist(list) || changingStatus}
                onClick={() => {
                  startedHere.current = true;
                  if (queueing) void keep({ kind: "start" });
                  else start.mutate({ id: list.id, store });
                }}
              >
                {start.isPending && <Spinner aria-hidden="true" />}
                Iniciar
              </Button>
              <Button className="w-full sm:w-auto" disabled={!canFinishPicklist(list, sentTransfer) || changingStatus} onClick={() => setAsking("finish")}>
                {update.isPending && update.variables?.body.timeCompleted && <Spinner aria-hidden="true" />}
                Finalizar
              </Button>
            </CardFooter>
          </div>
          <ConfirmDialog
            open={asking === "unavailable"}
            onOpenChange={(open) => !open && setAsking(null)}
            title="Produtos indisponíveis"
            description={unavailableWarning(list.completedItems.length)}
            confirmLabel="Continuar"
            onConfirm={markUnavailable}
          />
          <ConfirmDialog
            open={asking === "finish"}
            onOpenChange={(open) => !open && setAsking(null)}
            title="Finalizar a lista de separação?"
            description={
              <>
                {finishSummary(split)}
                {sentTransfer && <span className="block">Número da transferência: {sentTransfer}</span>}
              </>
            }
            confirmLabel="Finalizar"
            onConfirm={finish}
          />
          {staffPin.dialog}
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}

/** A body that only moves items between separated and to separate. */
function isSplitOnly(body: object | undefined): boolean {
  return body !== undefined && Object.keys(body).every((key) => key === "completedItems" || key === "uncompletedItems");
}

function Time({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="tabular-nums">{value || "—"}</dd>
    </div>
  );
}

interface ItemListProps {
  title: string;
  hideTitle?: boolean;
  items: readonly string[];
  listItems: readonly string[];
  part: "toSeparate" | "separated" | "notFound";
  started?: boolean;
  empty: string;
  checked?: boolean;
  tickable?: boolean;
  showCheckbox?: boolean;
  notFound?: boolean;
  onTick?: (item: string) => void;
}

const sameItems = (a: readonly string[], b: readonly string[]) => a === b || (a.length === b.length && a.every((item, index) => item === b[index]));

/**
 * The card draws again on every change of its own state (a save on the way, the server's answer, a
 * live update): a part of the list is drawn again only when its items or its state differ, compared
 * by content, since the server's answer brings new arrays with the texts the scan already showed.
 */
function sameItemList(before: ItemListProps, after: ItemListProps): boolean {
  for (const key of Object.keys(after) as (keyof ItemListProps)[]) {
    if (key === "items" || key === "listItems") continue;
    if (before[key] !== after[key]) return false;
  }
  return Object.keys(before).length === Object.keys(after).length && sameItems(before.items, after.items) && sameItems(before.listItems, after.listItems);
}

/**
 * A part of the list, copies of one item as one line ('3 × item — 1 separado'); ticking a line moves
 * one copy. `notFound`: the products a finished list left unticked, each marked 'Não encontrado'.
 */
const ItemList = memo(function ItemList({
  title,
  hideTitle = false,
  items,
  listItems,
  part,
  started = true,
  empty,
  checked = false,
  tickable = false,
  showCheckbox = false,
  notFound = false,
  onTick,
}: ItemListProps) {
  const headingId = useId();
  const itemId = useId();
  // A line's checkbox id follows its item's place on the list, not its row: a tick keeps the others'.
  const places = useMemo(() => {
    const first = new Map<string, number>();
    listItems.forEach((item, index) => first.has(item) || first.set(item, index));
    return first;
  }, [listItems]);
  const groups = useMemo(() => groupItems(items, listItems), [items, listItems]);
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className={cn("text-sm font-medium", hideTitle && "sr-only")}>
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-1">
          {groups.map((group) => (
            <ItemRow
              key={group.item}
              id={`${itemId}-${places.get(group.item) ?? group.item}`}
              item={group.item}
              label={groupLabel(group, part, started)}
              checked={checked}
              tickable={tickable}
              showCheckbox={showCheckbox}
              notFound={notFound}
              onTick={onTick}
            />
          ))}
        </ul>
      )}
    </div>
  );
}, sameItemList);

/** One line of a part of the list; drawn again only when its own text or state changes. */
const ItemRow = memo(function ItemRow({
  id,
  item,
  label,
  checked,
  tickable,
  showCheckbox,
  notFound,
  onTick,
}: {
  id: string;
  item: string;
  label: string;
  checked: boolean;
  tickable: boolean;
  showCheckbox: boolean;
  notFound: boolean;
  onTick: ((item: string) => void) | undefined;
}) {
  return (
    // Lines scrolled out of sight are not laid out or painted until they come into view.
    <li className="flex items-center gap-2 text-sm [contain-intrinsic-size:auto_2.25rem] [content-visibility:auto]">
      {showCheckbox && <Checkbox id={id} checked={checked} disabled={!tickable} onCheckedChange={() => onTick?.(item)} />}
      {showCheckbox ? (
        <Label htmlFor={id} className="min-w-0 flex-1 font-normal break-words">
          {label}
        </Label>
      ) : (
        <span className="min-w-0 flex-1 break-words">{label}</span>
      )}
      {notFound && (
        <Badge variant="outline" className="shrink-0 border-destructive/50 text-destructive">
          Não encontrado
        </Badge>
      )}
      <CopyButton value={item} variant="code" label={`Copiar código de ${item}`} />
    </li>
  );
});
