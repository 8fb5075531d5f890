import { LIVE_EVENT_KINDS, liveEventDataSchema, type LiveEventData, type LiveEventKind } from "@passo/domain";
import { setLiveStatus } from "./live-status";

export interface LiveConnectionHandlers {
  onEvent(kind: LiveEventKind, data: LiveEventData): void;
  /** The stream came back after a gap the browser could not bridge with Last-Event-ID: reload what is on screen. */
  onResync(): void;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * The session's one stream of live updates (GET /api/events). The browser's EventSource reconnects by
 * itself and resumes from the last event (Last-Event-ID); when it gives up (the server answered an
 * error, or was gone too long), a new one is opened with a growing delay, and the screens reload once
 * it is open. Returns the function that closes it.
 */
export function openLiveConnection(token: string, handlers: LiveConnectionHandlers): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;

  const connect = () => {
    const url = `/api/events?token=${encodeURIComponent(token)}`;
    const current = new EventSource(url);
    source = current;
    const fresh = attempt > 0;
    current.onopen = () => {
      setLiveStatus("open");
      if (fresh) handlers.onResync();
      attempt = 0;
    };
    current.onerror = () => {
      if (closed) return;
      setLiveStatus("reconnecting");
      if (current.readyState !== EventSource.CLOSED) return;
      const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
      attempt++;
      retry = setTimeout(connect, delay * (0.75 + Math.random() / 2));
    };
    for (const kind of LIVE_EVENT_KINDS) {
      current.addEventListener(kind, (message) => {
        let data: unknown;
        try {
          data = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        const parsed = liveEventDataSchema.safeParse(data);
        if (parsed.success) handlers.onEvent(kind, parsed.data);
      });
    }
  };

  // Back online: no need to wait for the next try.
  const online = () => {
    if (source?.readyState !== EventSource.CLOSED || closed) return;
    clearTimeout(retry);
    connect();
  };
  window.addEventListener("online", online);
  connect();

  return () => {
    closed = true;
    clearTimeout(retry);
    window.removeEventListener("online", online);
    source?.close();
    setLiveStatus("off");
  };
}
