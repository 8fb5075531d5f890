import { LIVE_EVENT_KINDS, liveEventDataSchema, type LiveEventData, type LiveEventKind } from "@passo/domain";
import { setLiveStatus, type LiveStatus } from "./live-status";

export interface LiveConnectionHandlers {
  /** One change; `id` is the event's id on the stream, when it has one. */
  onEvent(kind: LiveEventKind, data: LiveEventData, id?: string): void;
  /** The stream came back after a gap it may not have bridged (a failed try, or no event seen yet): reload what is on screen. */
  onResync(): void;
  /** Where the stream stands, as it is also told to the header (see live-status). */
  onStatus?(status: LiveStatus): void;
}

export interface LiveConnectionOptions {
  askTicket?: AskLiveTicket;
  /** The last event already handled (by another tab of the browser, say): the stream starts after it. */
  lastEventId?: string | null;
  /** The screens may have missed changes before this stream: reload them once it is open. */
  resyncOnOpen?: boolean;
}

/** Asks the server for a one-use ticket that opens the stream (POST /api/live/ticket): no token ever goes in the URL. */
export type AskLiveTicket = (token: string) => Promise<string>;

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

async function askLiveTicket(token: string): Promise<string> {
  const res = await fetch("/api/live/ticket", { method: "POST", headers: { accept: "application/json", authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`live ticket: ${res.status}`);
  return ((await res.json()) as { ticket: string }).ticket;
}

/**
 * The session's one stream of live updates (GET /api/events). The browser's EventSource cannot send
 * the token, and a token in the URL is refused: each stream opens with a ticket of its own, asked for
 * with the token and good once. So when the stream drops, a new one is opened (not the browser's own
 * retry, whose ticket is used up) with a growing delay, from the last event seen (`lastEventId`);
 * after a failed try the screens reload once it is open. Returns the function that closes it.
 */
export function openLiveConnection(token: string, handlers: LiveConnectionHandlers, options: LiveConnectionOptions = {}): () => void {
  const askTicket = options.askTicket ?? askLiveTicket;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;
  let connecting = false;
  let lastEventId: string | null = options.lastEventId ?? null;
  let resyncOnOpen = options.resyncOnOpen ?? false;
  const status = (next: LiveStatus) => {
    setLiveStatus(next);
    handlers.onStatus?.(next);
  };

  const retryLater = () => {
    const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
    attempt++;
    retry = setTimeout(() => void connect(), delay * (0.75 + Math.random() / 2));
  };

  const connect = async () => {
    if (closed || connecting) return;
    connecting = true;
    let ticket: string;
    try {
      ticket = await askTicket(token);
    } catch {
      connecting = false;
      if (closed) return;
      status("reconnecting");
      retryLater();
      return;
    }
    connecting = false;
    if (closed) return;
    const query = new URLSearchParams({ ticket });
    if (lastEventId) query.set("lastEventId", lastEventId);
    const current = new EventSource(`/api/events?${query.toString()}`);
    source = current;
    // A first drop is bridged by lastEventId; after a failed try, or without any event seen, reload.
    const resync = resyncOnOpen || attempt > 1 || (attempt > 0 && lastEventId === null);
    current.onopen = () => {
      status("open");
      if (resync) handlers.onResync();
      resyncOnOpen = false;
      attempt = 0;
    };
    current.onerror = () => {
      if (closed) return;
      status("reconnecting");
      current.close();
      retryLater();
    };
    for (const kind of LIVE_EVENT_KINDS) {
      current.addEventListener(kind, (message) => {
        const { data: text, lastEventId: id } = message as MessageEvent<string>;
        if (id) lastEventId = id;
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch {
          return;
        }
        const parsed = liveEventDataSchema.safeParse(data);
        if (parsed.success) handlers.onEvent(kind, parsed.data, id || undefined);
      });
    }
  };

  // Back online: no need to wait for the next try.
  const online = () => {
    if (closed || connecting || (source && source.readyState !== EventSource.CLOSED)) return;
    clearTimeout(retry);
    void connect();
  };
  window.addEventListener("online", online);
  void connect();

  return () => {
    closed = true;
    clearTimeout(retry);
    window.removeEventListener("online", online);
    source?.close();
    setLiveStatus("off");
  };
}
