import { z } from "zod";
import type { AlertKind } from "./alert.js";
import { RuleViolation, type RuleViolationKind } from "./errors.js";
import { staffPinField } from "./staff.js";
import { TRANSFER_NUMBER_MESSAGE, TRANSFER_NUMBER_PATTERN, itemListSchema, itemSchema, timestampSchema, trimmed } from "./fields.js";

export const PICKLIST_STATUSES = ["Não iniciado", "Em andamento", "Concluído", "Não concluído"] as const;
export type PicklistStatus = (typeof PICKLIST_STATUSES)[number];

export const PICKLIST_NOT_STARTED: PicklistStatus = "Não iniciado";
export const PICKLIST_IN_PROGRESS: PicklistStatus = "Em andamento";
export const PICKLIST_COMPLETED: PicklistStatus = "Concluído";
/** Finished with the products unavailable ('Produtos indisponíveis'). */
export const PICKLIST_NOT_COMPLETED: PicklistStatus = "Não concluído";
export const DEFAULT_SENDER = "E-commerce";

/** The texts the picking-list flow shows, the API answering in the same words. */
export const PICKLIST_MESSAGES = {
  destinationRequired: "Selecione a loja de destino.",
  numberInvalid: "Informe o número da lista com dígitos.",
  transferNumberUsed: (listNumber: number) => `Este número de transferência já foi usado na lista nº ${listNumber}.`,
  listItemsRequired: "Adicione ao menos um item à lista.",
  invalidBody: "Envie os dados da lista de separação como um objeto JSON.",
  createdNotStarted: "Uma nova lista de separação começa com o status Não iniciado.",
  notFound: "Lista de separação não encontrada.",
  redirected: "Lista de separação indisponível",
  editAdminOnly: "Somente o administrador pode alterar a loja, o remetente ou os itens da lista.",
  editOrMove: "Edite a lista ou altere o seu andamento, não os dois ao mesmo tempo.",
  alreadyStarted: "Esta lista de separação já foi iniciada.",
  alreadyFinished: "Esta lista de separação já foi finalizada.",
  startBeforeTicking: "Inicie a lista de separação antes de separar os itens.",
  startBeforeFinishing: "Inicie a lista de separação antes de finalizá-la.",
  startBeforeUnavailable: "Inicie a lista de separação antes de marcar produtos indisponíveis.",
  unavailableBlocksTicking: "Desative \"Produtos indisponíveis\" antes de separar os itens.",
  alreadyUnavailable: "Os produtos desta lista já estão marcados como indisponíveis.",
  notUnavailable: "Os produtos desta lista não estão marcados como indisponíveis.",
  noWayBack: "Uma lista de separação já iniciada não pode voltar para Não iniciado.",
  editOnlyNotStarted: "Só é possível editar uma lista que ainda não foi iniciada.",
  deleteOnlyNotStarted: "Só é possível excluir uma lista que ainda não foi iniciada.",
  splitMismatch: "Os itens separados e não separados devem ser exatamente os itens da lista.",
  itemNotInList: "O item não pertence à lista de separação.",
  created: "Lista de separação criada com sucesso!",
  started: "Lista de separação iniciada com sucesso!",
  finished: "Lista de separação finalizada com sucesso!",
  updated: "Lista de separação atualizada com sucesso!",
  deleted: "Lista de separação excluída com sucesso!",
} as const;

/** A picking list as the API serves it; `number` ('Lista nº') is not the spec's, served beside its fields. */
export const picklistSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  sender: z.string(),
  destination: z.string(),
  sendDate: timestampSchema,
  timeStarted: timestampSchema.nullable(),
  timeCompleted: timestampSchema.nullable(),
  listItems: z.array(z.string()),
  completedItems: z.array(z.string()),
  uncompletedItems: z.array(z.string()),
  numberTransfer: z.string().nullable(),
  currentStatus: z.enum(PICKLIST_STATUSES),
  /**
   * The row's version (when it was last written, ISO): an offline change sends it back as its
   * `baseVersion` (docs/state-machines.md, "Changes made offline, replayed"). Not the spec's; the
   * API always sends it.
   */
  version: z.string().optional(),
  /** The staff member whose PIN finished it ('Finalizado por'), named as they were then; null without a PIN. */
  finishedBy: z.string().nullable(),
});
export type Picklist = z.output<typeof picklistSchema>;

/** How people name a list: its short number, said, typed and printed as a barcode. */
export const picklistNumberLabel = (listNumber: number) => `Lista nº ${listNumber}`;

/** What the state machine works on: a picklist with or without its id, number and version, plus the stores it was redirected away from. */
export type PicklistState = Omit<Picklist, "id" | "number" | "version"> & { previousDestinations?: string[] };

const senderSchema = trimmed("Informe o remetente.").pipe(
  z.string().min(1, "Informe o remetente.").max(80, "O remetente deve ter no máximo 80 caracteres."),
);
const destinationSchema = trimmed(PICKLIST_MESSAGES.destinationRequired).pipe(
  z.string().min(1, PICKLIST_MESSAGES.destinationRequired).max(80, PICKLIST_MESSAGES.destinationRequired),
);

/**
 * Creation. The spec's client posts the whole record; the dates, the item
 * split and the transfer number are the server's to set, so those keys are dropped unread.
 */
export const picklistCreateSchema = z.object(
  {
    sender: senderSchema.default(DEFAULT_SENDER),
    destination: destinationSchema,
    listItems: itemListSchema(PICKLIST_MESSAGES.listItemsRequired),
    currentStatus: z.literal(PICKLIST_NOT_STARTED, { error: PICKLIST_MESSAGES.createdNotStarted }).optional(),
  },
  { error: PICKLIST_MESSAGES.invalidBody },
);
export type PicklistCreateInput = z.output<typeof picklistCreateSchema>;

/**
 * A timestamp sent back by the client. Its value is never stored (the server sets the
 * transition's timestamps), but whether it is filled in tells which transition is meant.
 */
const timestampSignal = z
  .union([z.literal(""), z.iso.datetime({ offset: true, local: true }), z.iso.date()], { error: "Data inválida." })
  .nullable()
  .optional();

const splitSchema = z.array(itemSchema, { error: "Os itens separados e não separados devem ser listas de itens." }).max(500, "A lista deve ter no máximo 500 itens.");

/** An update: any subset of the record (the spec's client sends it whole). */
export const picklistUpdateSchema = z.object(
  {
    sender: senderSchema.optional(),
    destination: destinationSchema.optional(),
    listItems: itemListSchema(PICKLIST_MESSAGES.listItemsRequired).optional(),
    completedItems: splitSchema.optional(),
    uncompletedItems: splitSchema.optional(),
    numberTransfer: z.string({ error: TRANSFER_NUMBER_MESSAGE }).trim().max(40, TRANSFER_NUMBER_MESSAGE).nullable().optional(),
    currentStatus: z.enum(PICKLIST_STATUSES, { error: "Status inválido." }).optional(),
    sendDate: timestampSignal,
    timeStarted: timestampSignal,
    timeCompleted: timestampSignal,
    // A change made offline and replayed (docs/state-machines.md, "Changes made offline, replayed"):
    // ticks as changes to the list as it stands, and what the change was made on.
    separate: splitSchema.optional(),
    unseparate: splitSchema.optional(),
    baseVersion: z.iso.datetime({ offset: true, error: "Versão da lista inválida." }).optional(),
    baseStatus: z.enum(PICKLIST_STATUSES, { error: "Status inválido." }).optional(),
    /** 'Finalizar' at a store: the PIN of the staff member finishing it (required when the store requires it). */
    staffPin: staffPinField.optional(),
  },
  { error: PICKLIST_MESSAGES.invalidBody },
);
export type PicklistUpdateInput = z.output<typeof picklistUpdateSchema>;

export const isPicklistFinished = (list: Pick<PicklistState, "timeCompleted">) => list.timeCompleted !== null;

function multisetKey(items: readonly string[]): string {
  return JSON.stringify([...items].sort());
}

/** True when completed and uncompleted together hold exactly the list's items, repeats included. */
export function isPartitionOf(listItems: readonly string[], split: ItemSplit): boolean {
  return multisetKey([...split.completedItems, ...split.uncompletedItems]) === multisetKey(listItems);
}

export interface ItemSplit {
  completedItems: string[];
  uncompletedItems: string[];
}

/** Whether 'Iniciar' may be pressed: a list not started yet. */
export const canStartPicklist = (list: Pick<PicklistState, "currentStatus" | "timeCompleted">) =>
  !isPicklistFinished(list) && list.currentStatus === PICKLIST_NOT_STARTED;

/** Whether items may be ticked: a list in progress, 'Produtos indisponíveis' off. */
export const canTickPicklist = (list: Pick<PicklistState, "currentStatus" | "timeCompleted">) =>
  !isPicklistFinished(list) && list.currentStatus === PICKLIST_IN_PROGRESS;

/** Whether 'Produtos indisponíveis' may be switched: on while in progress, off while Não concluído; never before the start or after the finish. */
export const canSwitchUnavailable = (list: Pick<PicklistState, "currentStatus" | "timeCompleted">) =>
  !isPicklistFinished(list) && list.currentStatus !== PICKLIST_NOT_STARTED;

/** Whether the office may edit or delete a list: only before the store starts it. */
export const canEditPicklist = (list: Pick<PicklistState, "currentStatus" | "timeCompleted">) =>
  list.currentStatus === PICKLIST_NOT_STARTED && !isPicklistFinished(list);
export const canDeletePicklist = canEditPicklist;

function refuseIfFinished(list: PicklistState) {
  if (isPicklistFinished(list)) throw new RuleViolation(PICKLIST_MESSAGES.alreadyFinished);
}

/** 'Iniciar': Não iniciado → Em andamento; every item starts uncompleted. */
export function startPicklist<T extends PicklistState>(list: T, now: Date): T {
  refuseIfFinished(list);
  if (list.currentStatus !== PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.alreadyStarted);
  return { ...list, currentStatus: PICKLIST_IN_PROGRESS, timeStarted: now, completedItems: [], uncompletedItems: [...list.listItems] };
}

/** Ticking while in progress: the split must still hold exactly the list's items. */
export function setItemSplit<T extends PicklistState>(list: T, split: ItemSplit): T {
  refuseIfFinished(list);
  if (list.currentStatus === PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.startBeforeTicking);
  if (list.currentStatus === PICKLIST_NOT_COMPLETED) throw new RuleViolation(PICKLIST_MESSAGES.unavailableBlocksTicking);
  if (!isPartitionOf(list.listItems, split)) throw new RuleViolation(PICKLIST_MESSAGES.splitMismatch, "invalid");
  return { ...list, completedItems: [...split.completedItems], uncompletedItems: [...split.uncompletedItems] };
}

function removeOne(items: readonly string[], item: string): string[] | undefined {
  const at = items.indexOf(item);
  return at < 0 ? undefined : [...items.slice(0, at), ...items.slice(at + 1)];
}

/** Ticks (or unticks) each item: one occurrence moves to the other side of the split. */
export function tickItems<T extends PicklistState>(list: T, items: readonly string[]): T {
  let split: ItemSplit = { completedItems: [...list.completedItems], uncompletedItems: [...list.uncompletedItems] };
  for (const item of items) {
    const fromUncompleted = removeOne(split.uncompletedItems, item);
    if (fromUncompleted) {
      split = { completedItems: [...split.completedItems, item], uncompletedItems: fromUncompleted };
      continue;
    }
    const fromCompleted = removeOne(split.completedItems, item);
    if (!fromCompleted) throw new RuleViolation(PICKLIST_MESSAGES.itemNotInList, "invalid");
    split = { completedItems: fromCompleted, uncompletedItems: [...split.uncompletedItems, item] };
  }
  return setItemSplit(list, split);
}

/** 'Produtos indisponíveis' on: Em andamento → Não concluído, every item uncompleted. */
export function markUnavailable<T extends PicklistState>(list: T): T {
  refuseIfFinished(list);
  if (list.currentStatus === PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.startBeforeUnavailable);
  if (list.currentStatus === PICKLIST_NOT_COMPLETED) throw new RuleViolation(PICKLIST_MESSAGES.alreadyUnavailable);
  return { ...list, currentStatus: PICKLIST_NOT_COMPLETED, completedItems: [], uncompletedItems: [...list.listItems] };
}

/**
 * 'Produtos indisponíveis' off: back to Em andamento with the split the client kept from
 * before the switch (the server does not remember it); without one, nothing is separated.
 */
export function restoreAvailable<T extends PicklistState>(list: T, split?: ItemSplit): T {
  refuseIfFinished(list);
  if (list.currentStatus !== PICKLIST_NOT_COMPLETED) throw new RuleViolation(PICKLIST_MESSAGES.notUnavailable);
  const restored = split ?? { completedItems: [], uncompletedItems: [...list.listItems] };
  if (!isPartitionOf(list.listItems, restored)) throw new RuleViolation(PICKLIST_MESSAGES.splitMismatch, "invalid");
  return { ...list, currentStatus: PICKLIST_IN_PROGRESS, completedItems: [...restored.completedItems], uncompletedItems: [...restored.uncompletedItems] };
}

/**
 * Why 'Finalizar' cannot go yet, as the message the API answers; undefined when it can. Only a
 * Concluído list needs the transfer number (the field is disabled for Não concluído), but one
 * that is typed in must still be six digits.
 */
function finishRefusal(
  list: Pick<PicklistState, "currentStatus" | "timeCompleted">,
  numberTransfer: string | null,
): { message: string; kind: RuleViolationKind } | undefined {
  // A plain answer, not an Error: the store's card asks at every draw, and an Error records a stack.
  if (isPicklistFinished(list)) return { message: PICKLIST_MESSAGES.alreadyFinished, kind: "conflict" };
  if (list.currentStatus === PICKLIST_NOT_STARTED) return { message: PICKLIST_MESSAGES.startBeforeFinishing, kind: "conflict" };
  const required = list.currentStatus !== PICKLIST_NOT_COMPLETED;
  if ((required || numberTransfer !== null) && !TRANSFER_NUMBER_PATTERN.test(numberTransfer ?? "")) {
    return { message: TRANSFER_NUMBER_MESSAGE, kind: "invalid" };
  }
  return undefined;
}

const typedTransferNumber = (numberTransfer: string | null | undefined) => numberTransfer?.trim() || null;

/** Whether 'Finalizar' may be pressed: the store's card enables it by the rule the server applies. */
export function canFinishPicklist(list: Pick<PicklistState, "currentStatus" | "timeCompleted">, numberTransfer: string | null | undefined): boolean {
  return finishRefusal(list, typedTransferNumber(numberTransfer)) === undefined;
}

/** 'Finalizar': Não concluído stays so, anything in progress becomes Concluído. */
export function finishPicklist<T extends PicklistState>(list: T, input: { numberTransfer?: string | null | undefined }, now: Date): T {
  const numberTransfer = typedTransferNumber(input.numberTransfer);
  const refusal = finishRefusal(list, numberTransfer);
  if (refusal) throw new RuleViolation(refusal.message, refusal.kind);
  const currentStatus: PicklistStatus = list.currentStatus === PICKLIST_NOT_COMPLETED ? PICKLIST_NOT_COMPLETED : PICKLIST_COMPLETED;
  return { ...list, currentStatus, timeCompleted: now, numberTransfer };
}

export interface PicklistEdit {
  sender?: string | undefined;
  destination?: string | undefined;
  listItems?: string[] | undefined;
}

/**
 * The administrator's edit, only before the store starts. A new destination counts as a new
 * shipment (sendDate = now), and the store it was taken from is remembered so that it can be
 * told where the list went.
 */
export function editPicklist<T extends PicklistState>(list: T, edit: PicklistEdit, now: Date): T {
  if (!canEditPicklist(list)) throw new RuleViolation(PICKLIST_MESSAGES.editOnlyNotStarted);
  const next: T = { ...list };
  if (edit.sender !== undefined) next.sender = edit.sender;
  if (edit.listItems !== undefined) next.listItems = [...edit.listItems];
  if (edit.destination !== undefined && edit.destination !== list.destination) {
    const previous = list.previousDestinations ?? [];
    next.destination = edit.destination;
    next.sendDate = now;
    next.previousDestinations = previous.includes(list.destination) ? [...previous] : [...previous, list.destination];
  }
  return next;
}

/** Completed over total, as a whole percent; an empty list has made no progress. */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(completed, 0), total) / total) * 100);
}

/** Which e-mail an administrator's alert sends: an alert before the store starts the list, a reminder after. */
export const picklistAlertKind = (status: PicklistStatus): AlertKind => (status === PICKLIST_NOT_STARTED ? "alert" : "reminder");

export interface NotFoundItem {
  destination: string;
  sendDate: Date;
  item: string;
}

/** The lists whose uncompleted items are 'Produtos não encontrados': finished, or given up as unavailable. */
export const NOT_FOUND_STATUSES = [PICKLIST_COMPLETED, PICKLIST_NOT_COMPLETED] as const satisfies readonly PicklistStatus[];

/** The 'Produtos não encontrados' rows: one per uncompleted item of a finished-or-failed list. */
export function notFoundItems(list: Pick<PicklistState, "currentStatus" | "destination" | "sendDate" | "uncompletedItems">): NotFoundItem[] {
  if (!(NOT_FOUND_STATUSES as readonly string[]).includes(list.currentStatus)) return [];
  return list.uncompletedItems.map((item) => ({ destination: list.destination, sendDate: list.sendDate, item }));
}
