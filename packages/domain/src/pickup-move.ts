import { cpfDigits, maskCpf } from "./cpf.js";
import { RuleViolation } from "./errors.js";
import {
  AWAITING_PICKUP,
  PICKED_UP,
  PICKUP_EDIT_FIELDS,
  PICKUP_MESSAGES,
  confirmPickup,
  confirmReceipt,
  pickupEditSchema,
  type Pickup,
  type PickupEdit,
  type PickupState,
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
 * The administrator's edit: the dialog's fields that differ from the stored record, checked
 * with the dialog's rules. The store comes as typed; the caller resolves it to a registered one.
 */
export function requestedPickupEdit(stored: Pickup, body: Record<string, unknown>): PickupEdit {
  const [readOnly] = changedFields(stored, body, READ_ONLY_FOR_ADMIN);
  if (readOnly) throw new RuleViolation(PICKUP_MESSAGES.readOnly[readOnly], "invalid");
  const parsed = pickupEditSchema.parse(Object.fromEntries(PICKUP_EDIT_FIELDS.map((field) => [field, body[field]])));
  const edit: PickupEdit = {};
  for (const field of PICKUP_EDIT_FIELDS) {
    const value = parsed[field];
    if (value !== undefined && !sameValue(stored[field], value, false)) Object.assign(edit, { [field]: value });
  }
  return edit;
}

/**
 * Which move a body asks of the stored pickup, `edited` being it after the administrator's
 * edit. The client sends the record back whole, so a status equal to the stored one (or to the
 * one an edit of the type re-derives) is no move, unless a withdrawal CPF says a pickup is being
 * confirmed again. A store may confirm and nothing else: a body that changes any other field, or
 * that asks for nothing, is refused.
 */
export function pickupMove(stored: Pickup, edited: Pickup, body: PickupUpdateInput, role: Role): PickupMove {
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

/** The pickup after the move; confirming a pickup needs the CPF typed at the counter, and names who handed it over. */
export function applyPickupMove<T extends PickupState>(pickup: T, move: PickupMove, body: PickupUpdateInput, now: Date, handedOverBy: string): T {
  switch (move) {
    case "receipt":
      return confirmReceipt(pickup, now);
    case "pickup": {
      const typed = body.withdrawalCPF?.trim();
      if (!typed) throw new RuleViolation(PICKUP_MESSAGES.withdrawalCpfRequired, "invalid");
      return confirmPickup(pickup, typed, now, handedOverBy);
    }
    case "none":
      return pickup;
  }
}
