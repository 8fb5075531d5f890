import { RuleViolation } from "./errors.js";
import {
  PICKLIST_COMPLETED,
  PICKLIST_IN_PROGRESS,
  PICKLIST_MESSAGES,
  PICKLIST_NOT_COMPLETED,
  PICKLIST_NOT_STARTED,
  isPicklistFinished,
  type ItemSplit,
  type PicklistState,
  type PicklistStatus,
  type PicklistUpdateInput,
} from "./picklist.js";
import type { PicklistRequest } from "./picklist-move.js";

/**
 * Changes a store's tablet made offline and sends again, in order, when the connection returns
 * (docs/state-machines.md, "Changes made offline, replayed"). Such a change names what it was made
 * on (`baseVersion`, the list's `version` then, and `baseStatus`, its status then) and ticks as
 * changes to the list as it stands (`separate`, `unseparate`), never as a whole split: two tablets'
 * ticks of different items merge, and a change whose effect the list already shows is not applied
 * again.
 */
export const PICKLIST_REPLAY_MESSAGES = {
  changedByOffice: "A lista foi alterada pelo escritório depois da sua alteração. Confira a lista e finalize de novo.",
  itemGone: (item: string) => `O item "${item}" não está mais na lista. Confira a lista.`,
  wholeRecord: "Uma alteração feita sem conexão envia só os itens marcados (separate e unseparate), não a lista inteira.",
} as const;

/** The change a replayed body names: read from the body and what it was made on, never from the list now. */
export type ReplayedChange = "start" | "tick" | "unavailable" | "restore" | "finish";

/** What the server does with a replayed change: apply it, or answer the list as it is (its effect is already there). */
export type ReplayOutcome = { outcome: "apply"; request: PicklistRequest } | { outcome: "applied" };

/** Whether a body is a replayed change (any of its fields), judged by `judgeReplayedChange`. */
export const isReplayedChange = (body: PicklistUpdateInput) =>
  body.separate !== undefined || body.unseparate !== undefined || body.baseVersion !== undefined || body.baseStatus !== undefined;

/** The change a replayed body names: its status, and for 'Em andamento' the status it was made on. */
export function replayedChange(body: PicklistUpdateInput, list: Pick<PicklistState, "currentStatus">): ReplayedChange {
  const status = body.currentStatus;
  if (body.timeCompleted || status === PICKLIST_COMPLETED) return "finish";
  if (status === PICKLIST_NOT_COMPLETED) return "unavailable";
  if (status === PICKLIST_IN_PROGRESS) {
    // Made on a list not started: 'Iniciar'; made on a Não concluído list: 'Produtos indisponíveis' off.
    const made: PicklistStatus = body.baseStatus ?? list.currentStatus;
    if (made === PICKLIST_NOT_STARTED) return "start";
    if (made === PICKLIST_NOT_COMPLETED) return "restore";
  }
  if (status === PICKLIST_NOT_STARTED && list.currentStatus !== PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.noWayBack);
  return "tick";
}

const count = (items: readonly string[], item: string) => items.reduce((n, each) => (each === item ? n + 1 : n), 0);

/**
 * The ticks applied to a split as it stands: each text in `separate` moves one copy from
 * uncompleted to completed, each in `unseparate` the reverse. A text whose copies are all on the
 * side asked for already is left (another tablet ticked the same box); a text the list no longer
 * holds refuses the change (the office changed the list). Undefined when nothing moves.
 */
export function mergeTicks(listItems: readonly string[], split: ItemSplit, separate: readonly string[], unseparate: readonly string[]): ItemSplit | undefined {
  const completedItems = [...split.completedItems];
  const uncompletedItems = [...split.uncompletedItems];
  let moved = false;
  const move = (item: string, from: string[], to: string[]) => {
    if (count(listItems, item) === 0) throw new RuleViolation(PICKLIST_REPLAY_MESSAGES.itemGone(item));
    const at = from.indexOf(item);
    if (at < 0) return;
    from.splice(at, 1);
    to.push(item);
    moved = true;
  };
  for (const item of separate) move(item, uncompletedItems, completedItems);
  for (const item of unseparate) move(item, completedItems, uncompletedItems);
  return moved ? { completedItems, uncompletedItems } : undefined;
}

/**
 * The rule for a replayed change, judged on the list as it stands now. `officeEditedAt` is when the
 * office last edited the list (its sender, destination or items), null if never. A redirected or
 * deleted list never gets here (the API answers 409 with the destination, or 404). In order:
 * - a body that also sends the whole record (the split, the items, the sender or the destination) → 400;
 * - a finished list takes nothing: 409 'já foi finalizada' (a transfer number typed twice, a second finish);
 * - 'Iniciar' on a list started since (the other tablet) → already applied;
 * - ticks: on a list in progress they merge into the split as it stands (`mergeTicks`), and nothing
 *   to move is already applied; before the start or while 'Produtos indisponíveis' is on, the state
 *   machine's refusal;
 * - 'Produtos indisponíveis' on (off) when it is already on (off) → already applied;
 * - 'Finalizar' made on a version older than the office's last edit → 409 `changedByOffice`;
 *   otherwise finished as the state machine finishes, the ticks sent with it merged first.
 */
export function judgeReplayedChange(list: PicklistState, body: PicklistUpdateInput, officeEditedAt: Date | null): ReplayOutcome {
  const whole = [body.completedItems, body.uncompletedItems, body.listItems, body.sender, body.destination];
  if (whole.some((field) => field !== undefined)) throw new RuleViolation(PICKLIST_REPLAY_MESSAGES.wholeRecord, "invalid");
  if (isPicklistFinished(list)) throw new RuleViolation(PICKLIST_MESSAGES.alreadyFinished);
  const change = replayedChange(body, list);
  const ticks = () => mergeTicks(list.listItems, list, body.separate ?? [], body.unseparate ?? []);
  const status = list.currentStatus;
  switch (change) {
    case "start":
      if (status !== PICKLIST_NOT_STARTED) return { outcome: "applied" };
      return { outcome: "apply", request: { move: "start" } };
    case "tick": {
      // A replayed body that asks for nothing (only what it was made on) changes nothing.
      if (!body.separate?.length && !body.unseparate?.length) return { outcome: "applied" };
      if (status === PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.startBeforeTicking);
      if (status === PICKLIST_NOT_COMPLETED) throw new RuleViolation(PICKLIST_MESSAGES.unavailableBlocksTicking);
      const split = ticks();
      return split ? { outcome: "apply", request: { move: "split", split } } : { outcome: "applied" };
    }
    case "unavailable":
      if (status === PICKLIST_NOT_COMPLETED) return { outcome: "applied" };
      return { outcome: "apply", request: { move: "unavailable" } };
    case "restore": {
      if (status === PICKLIST_IN_PROGRESS) return { outcome: "applied" };
      if (status !== PICKLIST_NOT_COMPLETED) throw new RuleViolation(PICKLIST_MESSAGES.notUnavailable);
      // The split from before the switch is not kept: off starts from nothing separated, then the ticks sent with it.
      const none: ItemSplit = { completedItems: [], uncompletedItems: [...list.listItems] };
      const split = mergeTicks(list.listItems, none, body.separate ?? [], body.unseparate ?? []) ?? none;
      return { outcome: "apply", request: { move: "restore", split } };
    }
    case "finish": {
      if (status === PICKLIST_NOT_STARTED) throw new RuleViolation(PICKLIST_MESSAGES.startBeforeFinishing);
      if (officeEditedAt && body.baseVersion && new Date(body.baseVersion).getTime() < officeEditedAt.getTime()) {
        throw new RuleViolation(PICKLIST_REPLAY_MESSAGES.changedByOffice);
      }
      const unavailable = body.currentStatus === PICKLIST_NOT_COMPLETED;
      const split = status === PICKLIST_IN_PROGRESS && !unavailable ? ticks() : undefined;
      return { outcome: "apply", request: { move: "finish", split, unavailable, numberTransfer: body.numberTransfer } };
    }
  }
}
