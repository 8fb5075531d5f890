import type { User } from "./auth.js";
import { maskCpf } from "./cpf.js";
import { RuleViolation } from "./errors.js";
import {
  RETURN_COMPLETED,
  RETURN_EXPIRED,
  RETURN_MESSAGES,
  RETURN_RECEIVED,
  RETURN_REFUSED,
  acceptReturn,
  canEditReturn,
  canReceiveReturn,
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

type Changes = ReturnType<typeof changesOf>;

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
  if (!canReceiveReturn(current)) throw new RuleViolation(RETURN_MESSAGES.noLongerPending);
  if (target === RETURN_RECEIVED) return "accept";
  if (target === RETURN_REFUSED) return "refuse";
  throw new RuleViolation(RETURN_MESSAGES.storeMayOnlyReceive, "forbidden");
}

/**
 * An administrator edits phone, e-mail and items while the return is pending, records a
 * store's decision on its behalf, expires it after 30 days, or completes a received one.
 */
function adminMove(current: ReturnOrder, input: ReturnUpdateInput, changes: Changes): ReturnMove {
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

/**
 * What one update body asks of a return, read once (`readReturnRequest`): the move, with what the
 * moves take from the body. The service applies it (`applyReturnRequest`) and reads nothing else.
 */
export interface ReturnRequest {
  move: ReturnMove;
  /** The administrator's edit: the phone, e-mail and items that change; empty for a store. */
  edit: Partial<Pick<ReturnOrder, "customerPhone" | "customerEmail" | "returnItems">>;
  /** Who received or refused it: a store in its own name, or the store an administrator names. */
  store: string;
  reasonForRefusal: string | null | undefined;
  transferNumber: string | null | undefined;
  /** Changes sent that only some moves take: refused when the move is not one of them. */
  misplaced: { returnStore: boolean; reasonForRefusal: boolean; transferNumber: boolean };
}

/**
 * What a store may know of a return: any pending one (it finds them through the search) and those
 * it decided on. A store trying to take in a return another one took in first has lost a race
 * and is told so; of any other return it knows nothing.
 */
function storeMaySee(current: ReturnOrder, input: ReturnUpdateInput, store: string): boolean {
  if (canReceiveReturn(current) || current.returnStore === store) return true;
  if (input.returnStatus === RETURN_RECEIVED || input.returnStatus === RETURN_REFUSED) throw new RuleViolation(RETURN_MESSAGES.alreadyProcessed);
  return false;
}

/**
 * What an update body asks of the stored return, read once; undefined when the caller is a store
 * that may not know of it (the API answers 404). The client sends the record back whole (the
 * spec's API), so the move is read from what differs. Throws the refusal the API answers.
 */
export function readReturnRequest(current: ReturnOrder, input: ReturnUpdateInput, by: ReturnMover): ReturnRequest | undefined {
  const { reasonForRefusal, transferNumber } = input;
  if (by.role !== ADMIN) {
    if (!storeMaySee(current, input, by.username)) return undefined;
    const misplaced = { returnStore: false, reasonForRefusal: false, transferNumber: false };
    return { move: storeMove(current, input, by.username), edit: {}, store: by.username, reasonForRefusal, transferNumber, misplaced };
  }
  const changes = changesOf(current, input);
  const move = adminMove(current, input, changes);
  return {
    move,
    edit: {
      ...(changes.customerPhone && { customerPhone: input.customerPhone! }),
      ...(changes.customerEmail && { customerEmail: input.customerEmail! }),
      ...(changes.returnItems && { returnItems: input.returnItems! }),
    },
    store: text(input.returnStore),
    reasonForRefusal,
    transferNumber,
    misplaced: { returnStore: changes.returnStore, reasonForRefusal: changes.reasonForRefusal, transferNumber: changes.transferNumber },
  };
}

/**
 * The return after the request `readReturnRequest` read. An administrator's edit of phone,
 * e-mail and items comes along; the store, the refusal reason and the transfer number may only be
 * sent with the moves that take them.
 */
export function applyReturnRequest<T extends ReturnOrder>(current: T, request: ReturnRequest, now: Date): T {
  const { move, misplaced } = request;
  const next = afterMove({ ...current, ...request.edit }, request, now);
  if (misplaced.returnStore && !receives(move)) throw new RuleViolation(RETURN_MESSAGES.storeOnlyWhenReceiving, "invalid");
  if (misplaced.reasonForRefusal && !receives(move)) throw new RuleViolation(RETURN_MESSAGES.reasonOnlyWhenRefusing, "invalid");
  if (misplaced.transferNumber && move !== "complete") throw new RuleViolation(RETURN_MESSAGES.transferOnlyWhenCompleting, "invalid");
  return next;
}

function afterMove<T extends ReturnOrder>(base: T, request: ReturnRequest, now: Date): T {
  switch (request.move) {
    case "accept":
      return acceptReturn(base, request.store, now);
    case "refuse":
      return refuseReturn(base, request.store, request.reasonForRefusal);
    case "expire":
      return expireReturn(base, now);
    case "complete":
      return completeReturn(base, request.transferNumber, now);
    case "edit":
    case "none":
      return base;
  }
}
