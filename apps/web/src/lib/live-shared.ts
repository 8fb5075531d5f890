import { LIVE_EVENT_KINDS, liveEventDataSchema, type LiveEventKind } from "@passo/domain";
import { openLiveConnection, type LiveConnectionHandlers, type LiveConnectionOptions } from "./live-connection";
import { setLiveStatus, type LiveStatus } from "./live-status";

/** What the tab holding the stream tells the others of the browser. */
type Relayed =
  | { type: "event"; kind: LiveEventKind; data: unknown; id?: string }
  | { type: "resync" }
  | { type: "status"; status: LiveStatus };

const RELAYED_STATUSES: readonly LiveStatus[] = ["open", "reconnecting"];

type OpenStream = (token: string, handlers: LiveConnectionHandlers, options?: LiveConnectionOptions) => () => void;

/**
 * The live updates of one user shared by every tab of the browser: one tab holds the stream (the
 * holder of a Web Lock named after the user) and relays each change to the others over a
 * BroadcastChannel. When that tab closes or reloads, the lock passes to another tab, which opens
 * the stream from the last event it was relayed, so nothing is missed in the handover. A person
 * with ten tabs keeps one connection to the server, not ten (a browser opens six at most to a
 * server over HTTP/1.1, and the server caps the streams of a user).
 *
 * Where the browser has no Web Locks (a page not served over HTTPS or from this machine), each
 * tab opens its own stream, as before. Returns the function that leaves.
 */
export function openSharedLiveConnection(token: string, user: string, handlers: LiveConnectionHandlers, open: OpenStream = openLiveConnection): () => void {
  const locks = typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : undefined;
  if (!locks || typeof BroadcastChannel === "undefined") return open(token, handlers);

  const name = `passo-live:${user}`;
  const channel = new BroadcastChannel(name);
  const leaving = new AbortController();
  let lastEventId: string | null = null;
  let closeStream: (() => void) | undefined;
  let release: (() => void) | undefined;

  channel.onmessage = ({ data }: MessageEvent<Relayed>) => {
    if (closeStream) return; // this tab holds the stream: it hears the server itself
    if (data?.type === "event" && LIVE_EVENT_KINDS.includes(data.kind)) {
      const parsed = liveEventDataSchema.safeParse(data.data);
      if (!parsed.success) return;
      if (data.id) lastEventId = data.id;
      handlers.onEvent(data.kind, parsed.data, data.id);
    } else if (data?.type === "resync") {
      handlers.onResync();
    } else if (data?.type === "status" && RELAYED_STATUSES.includes(data.status)) {
      setLiveStatus(data.status);
    }
  };

  const relay = (message: Relayed) => {
    try {
      channel.postMessage(message);
    } catch {
      // the channel is closed: this tab is leaving
    }
  };

  const lead = (tookOver: boolean) =>
    new Promise<void>((resolve) => {
      release = resolve;
      if (leaving.signal.aborted) return resolve();
      closeStream = open(
        token,
        {
          onEvent(kind, data, id) {
            if (id) lastEventId = id;
            handlers.onEvent(kind, data, id);
            relay({ type: "event", kind, data, id });
          },
          onResync() {
            handlers.onResync();
            relay({ type: "resync" });
          },
          onStatus(status) {
            if (RELAYED_STATUSES.includes(status)) relay({ type: "status", status });
          },
        },
        // Taking over from another tab without knowing where it stopped: the screens reload once open.
        { lastEventId, resyncOnOpen: tookOver && lastEventId === null },
      );
    });

  // The first tab takes the stream at once; the others wait their turn, following meanwhile.
  locks
    .request(name, { ifAvailable: true }, (lock) => (lock ? lead(false) : "held"))
    .then((result) => {
      if (result === "held" && !leaving.signal.aborted) return locks.request(name, { signal: leaving.signal }, () => lead(true));
    })
    .catch(() => {
      // AbortError: the tab left while it waited for its turn
    });

  return () => {
    leaving.abort();
    closeStream?.();
    closeStream = undefined;
    release?.();
    channel.close();
  };
}
