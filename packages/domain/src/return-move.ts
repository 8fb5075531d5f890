import type { User } from "./auth.js";
import { maskCpf } from "./cpf.js";
import { RuleViolation } from "./errors.js";
import {
  RETURN_COMPLETED,
  RETURN_EXPIRED,
  RETURN_MESSAGES,
  RETURN_PENDING,
  RETURN_RECEIVED,
  RETURN_REFUSED,
  acceptReturn,
  canEditReturn,
  completeReturn,
  expireReturn,
  refusalReasonLabel,
  refuseReturn,
  transitionNotAllowed,
  type ReturnOrder,
  type ReturnStatus,
  type ReturnUpdateInput,
} from "./return.js";
import { ADMIN } from "./roles.js";

/**
 * What a whole-record `PUT /return/update/{id}` asks of a return: a store's or the central
 * office's decision, the administrator's edit, or nothing (the record sent back as it is).
 */
export type ReturnMove = "accept" | "refuse" | "expire" | "complete" | "edit" | "none";

/** Who asks: a store decides in its own name. */
export type ReturnMover = Pick<User, "role" | "username">;

const text = (value: string | null | undefined) => value?.trim() ?? "";

/** Which of the fields the body carries differ from the stored record (a field left out never does). */
function changesOf(current: ReturnOrder, input: ReturnUpdateInput) {
  const cpf = input.customerCPF?.trim();
  return {
    orderNumber: input.orderNumber !== undefined && input.orderNumber.trim() !== current.orderNumber,
    customerFullName: input.customerFullName !== undefined && input.customerFullName.trim() !== current.customerFullName,
    customerCPF: cpf !== undefined && cpf !== maskCpf(current.customerCPF) && cpf.replace(/[.\-\s]/g, "") !== current.customerCPF,
    customerPhone: input.customerPhone !== undefined && input.customerPhone !== current.customerPhone,
    customerEmail: input.customerEmail !== undefined && input.customerEmail !== current.customerEmail,
    returnItems:
      input.returnItems !== undefined &&
      (input.returnItems.length !== current.returnItems.length || input.returnItems.some((item, i) => item !== current.returnItems[i])),
    reasonForRefusal:
      input.reasonForRefusal !== undefined &&
      text(input.reasonForRefusal) !== current.reasonForRefusal &&
      refusalReasonLabel(input.reasonForRefusal) !== current.reasonForRefusal,
    returnStore: input.returnStore !== undefined && (text(input.returnStore) || null) !== current.returnStore,
    transferNumber: input.transferNumber !== undefined && (text(input.transferNumber) || null) !== current.transferNumber,
  };
}

/** The status the body asks for, when it differs from the stored one. */
function requestedStatus(current: ReturnOrder, input: ReturnUpdateInput): ReturnStatus | undefined {
  return input.returnStatus !== undefined && input.returnStatus !== current.returnStatus ? input.returnStatus : undefined;
}

const receives = (move: ReturnMove) => move === "accept" || move === "refuse";

/** A store may take in or turn down a pending return, in its own name, and change nothing else. */
function storeMove(current: ReturnOrder, input: ReturnUpdateInput, store: string): ReturnMove {
  const target = requestedStatus(current, input);
  const receiving = target === RETURN_RECEIVED || target === RETURN_REFUSED;
  const changes = changesOf(current, input);
  if (receiving) {
    changes.reasonForRefusal = false;
    changes.returnStore = changes.returnStore && text(input.returnStore) !== store;
  }
  if (Object.values(changes).some(Boolean)) throw new RuleViolation(RETURN_MESSAGES.storeMayOnlyReceive, "forbidden");
  if (target === RETURN_EXPIRED || target === RETURN_COMPLETED) throw new RuleViolation(RETURN_MESSAGES.storeMayOnlyReceive, "forbidden");
  if (current.returnStatus !== RETURN_PENDING) throw new RuleViolation(RETURN_MESSAGES.noLongerPending);
  if (target === RETURN_RECEIVED) return "accept";
  if (target === RETURN_REFUSED) return "refuse";
  throw new RuleViolation(RETURN_MESSAGES.storeMayOnlyReceive, "forbidden");
}

/**
 * An administrator edits phone, e-mail and items while the return is pending, records a
 * store's decision on its behalf, expires it after 30 days, or completes a received one.
 */
function adminMove(current: ReturnOrder, input: ReturnUpdateInput): ReturnMove {
  const changes = changesOf(current, input);
  if (changes.orderNumber || changes.customerFullName || changes.customerCPF) throw new RuleViolation(RETURN_MESSAGES.readOnly, "invalid");
  const edited = changes.customerPhone || changes.customerEmail || changes.returnItems;
  if (edited && !canEditReturn(current)) throw new RuleViolation(RETURN_MESSAGES.editOnlyPending);
  const target = requestedStatus(current, input);
  switch (target) {
    case undefined:
      return edited ? "edit" : "none";
    case RETURN_RECEIVED:
      return "accept";
    case RETURN_REFUSED:
      return "refuse";
    case RETURN_EXPIRED:
      return "expire";
    case RETURN_COMPLETED:
      return "complete";
    default:
      throw transitionNotAllowed(current.returnStatus, target);
  }
}

/** Which move a body asks of the stored return. The spec's client sends the record back whole. */
export function returnMove(current: ReturnOrder, input: ReturnUpdateInput, by: ReturnMover): ReturnMove {
  return by.role === ADMIN ? adminMove(current, input) : storeMove(current, input, by.username);
}

/**
 * The return after the move `returnMove` read from the same body. An administrator's edit of
 * phone, e-mail and items comes along; the store, the refusal reason and the transfer number
 * may only be sent with the moves that take them.
 */
export function applyReturnMove<T extends ReturnOrder>(current: T, move: ReturnMove, input: ReturnUpdateInput, by: ReturnMover, now: Date): T {
  if (by.role !== ADMIN) {
    if (move === "accept") return acceptReturn(current, by.username, now);
    if (move === "refuse") return refuseReturn(current, by.username, input.reasonForRefusal);
    return current;
  }
  const changes = changesOf(current, input);
  const base: T = {
    ...current,
    ...(changes.customerPhone && { customerPhone: input.customerPhone! }),
    ...(changes.customerEmail && { customerEmail: input.customerEmail! }),
    ...(changes.returnItems && { returnItems: input.returnItems! }),
  };
  const next = afterAdminMove(base, move, input, now);
  if (changes.returnStore && !receives(move)) throw new RuleViolation(RETURN_MESSAGES.storeOnlyWhenReceiving, "invalid");
  if (changes.reasonForRefusal && !receives(move)) throw new RuleViolation(RETURN_MESSAGES.reasonOnlyWhenRefusing, "invalid");
  if (changes.transferNumber && move !== "complete") throw new RuleViolation(RETURN_MESSAGES.transferOnlyWhenCompleting, "invalid");
  return next;
}

function afterAdminMove<T extends ReturnOrder>(base: T, move: ReturnMove, input: ReturnUpdateInput, now: Date): T {
  switch (move) {
    case "accept":
      return acceptReturn(base, text(input.returnStore), now);
    case "refuse":
      return refuseReturn(base, text(input.returnStore), input.reasonForRefusal);
    case "expire":
      return expireReturn(base, now);
    case "complete":
      return completeReturn(base, input.transferNumber, now);
    case "edit":
    case "none":
      return base;
  }
}
