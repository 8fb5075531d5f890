import { cpfDigits, maskCpf } from "./cpf.js";
import { RuleViolation } from "./errors.js";
import {
  AWAITING_PICKUP,
  PICKED_UP,
  PICKUP_EDIT_FIELDS,
  PICKUP_MESSAGES,
  confirmPickup,
  confirmReceipt,
  editPickup,
  pickupEditSchema,
  type Pickup,
  type PickupEdit,
  type PickupUpdateInput,
} from "./pickup.js";
import { ADMIN, type Role } from "./roles.js";

/** What a whole-record `PUT /pickup/update/{id}` asks of a pickup besides the administrator's edit. */
export type PickupMove = "receipt" | "pickup" | "none";

type ReadOnlyField = keyof typeof PICKUP_MESSAGES.readOnly;
const READ_ONLY_FOR_ADMIN = Object.keys(PICKUP_MESSAGES.readOnly) as ReadOnlyField[];

/** Every field of the record a store may send back but never change; dates set by transitions are ignored. */
const STORE_ECHOED_FIELDS = [...READ_ONLY_FOR_ADMIN, ...PICKUP_EDIT_FIELDS] as const satisfies readonly (keyof Pickup)[];

const CPF_FIELDS = new Set<keyof Pickup>(["customerCPF", "authorizedThirdPartyCPF"]);

/** Whether a value sent back equals the stored one; a CPF may come back masked, as a store was shown it. */
function sameValue(stored: unknown, sent: unknown, isCpf: boolean): boolean {
  if (stored === null) return sent === null || sent === "";
  if (stored instanceof Date) {
    return (typeof sent === "string" || sent instanceof Date) && new Date(sent).getTime() === stored.getTime();
  }
  if (Array.isArray(stored)) {
    return Array.isArray(sent) && sent.length === stored.length && sent.every((v, i) => typeof v === "string" && v.trim() === stored[i]);
  }
  if (typeof stored === "string") {
    if (typeof sent !== "string") return false;
    if (isCpf) return sent.trim() === maskCpf(stored) || (/^[\d.\-\s]+$/.test(sent) && cpfDigits(sent) === stored);
    return sent.trim() === stored;
  }
  return sent === stored;
}

function changedFields<F extends keyof Pickup>(stored: Pickup, body: Record<string, unknown>, fields: readonly F[]): F[] {
  return fields.filter((field) => body[field] !== undefined && !sameValue(stored[field], body[field], CPF_FIELDS.has(field)));
}

/**
 * What one update body asks of a pickup, read once (`readPickupRequest`): the move, the
 * administrator's edit (its store the registered one), and the CPF typed at the counter.
 */
export interface PickupRequest {
  move: PickupMove;
  /** The dialog's fields that change; empty for a store, which edits nothing. */
  edit: PickupEdit;
  /** The CPF typed at the counter to confirm the pickup, trimmed; undefined when none was typed. */
  withdrawalCpf: string | undefined;
}

/** The registered store a name typed in the edit dialog names (stores are matched as people type them), or undefined. */
export type StoreLookup = (typed: string) => string | undefined;

/**
 * The CPF a body types to confirm a pickup ('Confirmar retirada'), trimmed; undefined when it asks
 * for no confirmation or types nothing. The API counts it against the pickup's cap before the move.
 */
export function pickupConfirmationCpf(body: PickupUpdateInput): string | undefined {
  return body.pickupStatus === PICKED_UP ? body.withdrawalCPF?.trim() || undefined : undefined;
}

/**
 * The administrator's edit: the dialog's fields that differ from the stored record, checked
 * with the dialog's rules, the store resolved to a registered one (dropped when it is the same).
 */
function requestedPickupEdit(stored: Pickup, body: Record<string, unknown>, stores: StoreLookup): PickupEdit {
  const [readOnly] = changedFields(stored, body, READ_ONLY_FOR_ADMIN);
  if (readOnly) throw new RuleViolation(PICKUP_MESSAGES.readOnly[readOnly], "invalid");
  const parsed = pickupEditSchema.parse(Object.fromEntries(PICKUP_EDIT_FIELDS.map((field) => [field, body[field]])));
  const edit: PickupEdit = {};
  for (const field of PICKUP_EDIT_FIELDS) {
    const value = parsed[field];
    if (value !== undefined && !sameValue(stored[field], value, false)) Object.assign(edit, { [field]: value });
  }
  if (edit.pickupStoreName !== undefined) {
    const store = stores(edit.pickupStoreName);
    if (!store) throw new RuleViolation(PICKUP_MESSAGES.storeRequired, "invalid");
    if (store === stored.pickupStoreName) delete edit.pickupStoreName;
    else edit.pickupStoreName = store;
  }
  return edit;
}

const edited = (stored: Pickup, edit: PickupEdit) => (Object.keys(edit).length > 0 ? editPickup(stored, edit) : stored);

/**
 * What an update body asks of the stored pickup, read once. A store may confirm the receipt and
 * the pickup, nothing else: a body that changes any other field, or that asks for nothing, is
 * refused. An administrator may also edit the dialog's fields while the order has not been
 * collected (`stores` resolves the store typed there). Throws the refusal the API answers.
 */
export function readPickupRequest(stored: Pickup, body: PickupUpdateInput, role: Role, stores: StoreLookup = () => undefined): PickupRequest {
  const edit = role === ADMIN ? requestedPickupEdit(stored, body, stores) : {};
  return { move: pickupMove(stored, edited(stored, edit), body, role), edit, withdrawalCpf: pickupConfirmationCpf(body) };
}

/**
 * Which move a body asks of the stored pickup, `edited` being it after the administrator's
 * edit. The client sends the record back whole, so a status equal to the stored one (or to the
 * one an edit of the type re-derives) is no move, unless a withdrawal CPF says a pickup is being
 * confirmed again. A store may confirm and nothing else.
 */
function pickupMove(stored: Pickup, edited: Pickup, body: PickupUpdateInput, role: Role): PickupMove {
  const store = role !== ADMIN;
  if (store && changedFields(stored, body, STORE_ECHOED_FIELDS).length > 0) throw new RuleViolation(PICKUP_MESSAGES.storeOnlyConfirms, "forbidden");
  const move = statusMove(stored, edited, body);
  if (move === "none" && store) {
    if (stored.pickupStatus === AWAITING_PICKUP && body.pickupStatus === AWAITING_PICKUP) throw new RuleViolation(PICKUP_MESSAGES.alreadyReceived);
    if (stored.pickupStatus === PICKED_UP && body.pickupStatus === PICKED_UP) throw new RuleViolation(PICKUP_MESSAGES.alreadyPickedUp);
    throw new RuleViolation(PICKUP_MESSAGES.statusRequired, "invalid");
  }
  return move;
}

function statusMove(stored: Pickup, edited: Pickup, body: PickupUpdateInput): PickupMove {
  const target = body.pickupStatus;
  if (target === undefined) return "none";
  if (target === stored.pickupStatus || target === edited.pickupStatus) {
    return target === PICKED_UP && body.withdrawalCPF !== undefined ? "pickup" : "none";
  }
  if (target === AWAITING_PICKUP) return "receipt";
  if (target === PICKED_UP) return "pickup";
  throw new RuleViolation(`Não é possível passar a retirada de "${edited.pickupStatus}" para "${target}".`);
}

/**
 * The pickup after the request `readPickupRequest` read: the stored record itself when it asks
 * for nothing. Confirming a pickup needs the CPF typed at the counter, and names who handed it over.
 */
export function applyPickupRequest(stored: Pickup, request: PickupRequest, now: Date, handedOverBy: string): Pickup {
  const pickup = edited(stored, request.edit);
  switch (request.move) {
    case "receipt":
      return confirmReceipt(pickup, now);
    case "pickup": {
      if (!request.withdrawalCpf) throw new RuleViolation(PICKUP_MESSAGES.withdrawalCpfRequired, "invalid");
      return confirmPickup(pickup, request.withdrawalCpf, now, handedOverBy);
    }
    case "none":
      return pickup;
  }
}
