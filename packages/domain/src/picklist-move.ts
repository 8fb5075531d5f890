import { RuleViolation } from "./errors.js";
import {
  PICKLIST_COMPLETED,
  PICKLIST_IN_PROGRESS,
  PICKLIST_MESSAGES,
  PICKLIST_NOT_COMPLETED,
  PICKLIST_NOT_STARTED,
  editPicklist,
  finishPicklist,
  isPicklistFinished,
  markUnavailable,
  restoreAvailable,
  setItemSplit,
  startPicklist,
  type ItemSplit,
  type PicklistEdit,
  type PicklistState,
  type PicklistUpdateInput,
} from "./picklist.js";
import { ADMIN, type Role } from "./roles.js";

/**
 * What a whole-record `PUT /picklist/update/{id}` asks of a list: one of the state machine's
 * moves, the administrator's edit, or nothing (the record sent back as it is).
 */
export type PicklistMove = "start" | "split" | "unavailable" | "restore" | "finish" | "edit" | "none";

const sameItems = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** Whether a timestamp sent back names the stored instant (both empty counts as the same). */
export function sameInstant(value: string | null, stored: Date | null): boolean {
  if (!value || !stored) return !value && !stored;
  return new Date(value).getTime() === stored.getTime();
}

/** The split a body asks for; a body naming only one side leaves the other side the rest of the list. */
export function requestedItemSplit(list: PicklistState, body: PicklistUpdateInput): ItemSplit | undefined {
  const { completedItems, uncompletedItems } = body;
  if (completedItems && uncompletedItems) return { completedItems, uncompletedItems };
  const given = completedItems ?? uncompletedItems;
  if (!given) return undefined;
  const rest = [...list.listItems];
  for (const item of given) {
    const at = rest.indexOf(item);
    if (at < 0) throw new RuleViolation(PICKLIST_MESSAGES.splitMismatch, "invalid");
    rest.splice(at, 1);
  }
  return completedItems ? { completedItems, uncompletedItems: rest } : { completedItems: rest, uncompletedItems: given };
}

/** The sender, destination and items a body changes; undefined when it changes none of them. */
export function requestedPicklistEdit(list: PicklistState, body: PicklistUpdateInput): PicklistEdit | undefined {
  const edit: PicklistEdit = {};
  if (body.sender !== undefined && body.sender !== list.sender) edit.sender = body.sender;
  if (body.destination !== undefined && body.destination !== list.destination) edit.destination = body.destination;
  if (body.listItems !== undefined && !sameItems(body.listItems, list.listItems)) edit.listItems = body.listItems;
  return Object.keys(edit).length > 0 ? edit : undefined;
}

const splitChanged = (list: PicklistState, split: ItemSplit | undefined) =>
  !!split && !(sameItems(split.completedItems, list.completedItems) && sameItems(split.uncompletedItems, list.uncompletedItems));

/**
 * The move the status, the timestamps and the split of a body ask for. The spec's client
 * sends the whole record back, so the move is read from what differs from the stored list:
 * - a filled-in timeCompleted, or status Concluído: 'Finalizar';
 * - status Não concluído: 'Produtos indisponíveis' on;
 * - status Em andamento: 'Iniciar' on a list not started; 'Produtos indisponíveis' off on a
 *   Não concluído list; on a list in progress, ticking when it carries the item split, and
 *   otherwise a repeated 'Iniciar' (a start that lost a race), as is a timeStarted that is not
 *   the stored one;
 * - no status: ticking when the split changes, otherwise nothing.
 */
function statusMove(list: PicklistState, body: PicklistUpdateInput, split: ItemSplit | undefined): PicklistMove {
  const status = body.currentStatus;
  if (body.timeCompleted || status === PICKLIST_COMPLETED) return "finish";
  if (status === PICKLIST_NOT_COMPLETED) return "unavailable";
  if (status === PICKLIST_NOT_STARTED) {
    if (list.currentStatus !== PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.noWayBack);
    return splitChanged(list, split) ? "split" : "none";
  }
  if (status === PICKLIST_IN_PROGRESS) {
    if (list.currentStatus === PICKLIST_NOT_STARTED) return "start";
    if (body.timeStarted !== undefined && !sameInstant(body.timeStarted, list.timeStarted)) return "start";
    if (list.currentStatus === PICKLIST_NOT_COMPLETED) return "restore";
    return split ? "split" : "start";
  }
  if (list.currentStatus === PICKLIST_IN_PROGRESS) return split ? "split" : "none";
  return splitChanged(list, split) ? "split" : "none";
}

/**
 * Which move a body asks of the stored list. Only an administrator changes the sender, the
 * destination or the items, only before the store starts, and never together with a move; a
 * finished list takes nothing.
 */
export function picklistMove(list: PicklistState, body: PicklistUpdateInput, role: Role): PicklistMove {
  const edit = requestedPicklistEdit(list, body);
  if (edit && role !== ADMIN) throw new RuleViolation(PICKLIST_MESSAGES.editAdminOnly, "forbidden");
  if (isPicklistFinished(list)) throw new RuleViolation(PICKLIST_MESSAGES.alreadyFinished);
  if (!edit) return statusMove(list, body, requestedItemSplit(list, body));
  if (list.currentStatus !== PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.editOnlyNotStarted);
  if (statusMove(list, body, requestedItemSplit(list, body)) !== "none") throw new RuleViolation(PICKLIST_MESSAGES.editOrMove);
  return "edit";
}

/** The list after the move `picklistMove` read from the same body. */
export function applyPicklistMove<T extends PicklistState>(list: T, move: PicklistMove, body: PicklistUpdateInput, now: Date): T {
  const split = requestedItemSplit(list, body);
  switch (move) {
    case "start":
      return startPicklist(list, now);
    case "split":
      return setItemSplit(list, split ?? list);
    case "unavailable":
      return markUnavailable(list);
    case "restore":
      return restoreAvailable(list, split);
    case "finish": {
      const { numberTransfer } = body;
      if (list.currentStatus === PICKLIST_IN_PROGRESS) {
        // Switching 'Produtos indisponíveis' on and finishing in one request finishes as Não concluído.
        const before = body.currentStatus === PICKLIST_NOT_COMPLETED ? markUnavailable(list) : split ? setItemSplit(list, split) : list;
        return finishPicklist(before, { numberTransfer }, now);
      }
      // A Não concluído list keeps every item unavailable: a split sent with its finish is not taken.
      return finishPicklist(list, { numberTransfer }, now);
    }
    case "edit":
      return editPicklist(list, requestedPicklistEdit(list, body) ?? {}, now);
    case "none":
      return list;
  }
}
