import {
  applyPicklistRequest,
  judgeReplayedChange,
  PICKLIST_IN_PROGRESS,
  PICKLIST_NOT_COMPLETED,
  PICKLIST_NOT_STARTED,
  type Picklist,
} from "@passo/domain";
import type { PicklistUpdateBody } from "../api/update-picklist";
import type { OfflineChange, QueuedChange } from "./change-queue";

/**
 * The request a queued change is sent as: a replayed change of the API (docs/state-machines.md,
 * "Changes made offline, replayed"), ticks as moves of one copy, with the list's version and status
 * it was made on, so the server judges it on the list as it stands when it arrives.
 */
export function bodyFor(entry: Pick<QueuedChange, "change" | "baseVersion">): PicklistUpdateBody {
  const base = entry.baseVersion ? { baseVersion: entry.baseVersion } : {};
  const change = entry.change;
  switch (change.kind) {
    case "start":
      return { ...base, currentStatus: PICKLIST_IN_PROGRESS, baseStatus: PICKLIST_NOT_STARTED };
    case "separate":
      return { ...base, separate: [change.item] };
    case "unseparate":
      return { ...base, unseparate: [change.item] };
    case "unavailable":
      return change.on ? { ...base, currentStatus: PICKLIST_NOT_COMPLETED } : { ...base, currentStatus: PICKLIST_IN_PROGRESS, baseStatus: PICKLIST_NOT_COMPLETED };
    case "finish":
      return { ...base, timeCompleted: change.at, numberTransfer: change.numberTransfer, ...(change.staffPin ? { staffPin: change.staffPin } : {}) };
  }
}

/**
 * The list as the clerk sees it while changes wait: the server's list with each queued change
 * applied by the rule the server will apply (the domain's judgeReplayedChange and state machine).
 * A change the rule refuses here is left out of the view (the server will say why).
 */
export function withQueued(list: Picklist, entries: readonly QueuedChange[]): Picklist {
  let view = list;
  for (const entry of entries) {
    try {
      const judged = judgeReplayedChange(view, bodyFor(entry), null);
      if (judged.outcome === "apply") view = applyPicklistRequest(view, judged.request, entry.madeAt);
    } catch {
      // Not applicable to the list as it stands: shown among the changes, not in the list.
    }
  }
  return view;
}

/** A change as the clerk reads it in the list of changes not sent. */
export function describeChange(change: OfflineChange): string {
  switch (change.kind) {
    case "start":
      return "Iniciar";
    case "separate":
      return `Separado: ${change.item}`;
    case "unseparate":
      return `Desmarcado: ${change.item}`;
    case "unavailable":
      return change.on ? "Produtos indisponíveis: ligado" : "Produtos indisponíveis: desligado";
    case "finish":
      return change.numberTransfer ? `Finalizar (transferência ${change.numberTransfer})` : "Finalizar";
  }
}

/** '1 alteração pendente', '2 alterações pendentes'. */
export const pendingLabel = (count: number) => (count === 1 ? "1 alteração pendente" : `${count} alterações pendentes`);
