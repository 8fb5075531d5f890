import type { LiveEventData } from "@passo/domain";

export interface StreamedEvent {
  seq: number;
  kind: string;
  data: LiveEventData;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  events: StreamedEvent[];
  comments: string[];
  /** The next event not taken yet that matches, waiting up to `timeoutMs`; rejects after it. */
  next(match?: (event: StreamedEvent) => boolean, timeoutMs?: number): Promise<StreamedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/events as a browser would, and parses what comes in. */
export async function openStream(
  baseUrl: string,
  token: string | undefined,
  opts: { lastEventId?: number; viaTicket?: boolean; headers?: Record<string, string> } = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream", ...opts.headers };
  if (token && !opts.viaTicket) headers.authorization = `Bearer ${token}`;
  if (opts.lastEventId !== undefined) headers["last-event-id"] = String(opts.lastEventId);
  let query = "";
  if (token && opts.viaTicket) {
    // As the browser does: a ticket asked for with the token, then the stream opened with the ticket.
    const asked = await fetch(`${baseUrl}/api/live/ticket`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const ticket = asked.ok ? ((await asked.json()) as { ticket: string }).ticket : "refused";
    query = `?ticket=${encodeURIComponent(ticket)}`;
  }
  const url = `${baseUrl}/api/events${query}`;
  const res = await fetch(url, { headers, signal: abort.signal });
  const events: StreamedEvent[] = [];
  const comments: string[] = [];
  const taken = new Set<StreamedEvent>();
  const waiting: { wake: (() => void) | null } = { wake: null };
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));

  const parse = (block: string) => {
    let seq = 0;
    let kind = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comments.push(line.slice(1).trim());
      else if (line.startsWith("id: ")) seq = Number(line.slice(4));
      else if (line.startsWith("event: ")) kind = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    if (data) events.push({ seq, kind, data: JSON.parse(data) as LiveEventData });
    waiting.wake?.();
  };

  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            parse(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
          }
        }
      } catch {
        // aborted by close()
      }
      endedResolve();
      waiting.wake?.();
    })();
  } else {
    endedResolve();
  }

  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    ended,
    close: () => abort.abort(),
    async next(match = () => true, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => !taken.has(e) && match(e));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}
