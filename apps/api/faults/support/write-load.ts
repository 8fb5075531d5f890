/**
 * A concurrent write load whose every change carries a unique marker, and the check that what a client was told
 * (2xx) is what the database holds afterwards. Each record walks its own chain of states; a record never gets a
 * second request while the first one is unanswered, so after a crash each record is either in its last
 * acknowledged state or in the one state it was asked for and never heard back about.
 */
import { randomUUID } from "node:crypto";
import { CUSTOMER_CPF, cpfFor, pickupBody, returnBody, sleep, type Store } from "./chain.js";
import { api, type Loose } from "./servers.js";

export type Kind = "picklist" | "pickup" | "return";
export const CHAIN: Record<Kind, readonly string[]> = {
  picklist: ["Não iniciado", "Em andamento", "Concluído"],
  pickup: ["Em trânsito", "Aguardando retirada", "Pedido retirado"],
  return: ["Devolução pendente", "Devolvido em loja física"],
};
const KINDS: Kind[] = ["picklist", "pickup", "return"];
export const TRANSFER_NUMBER = "654321";
const WITHDRAWALS_PER_MINUTE = 25; // the API allows 30 a minute per store

export interface Tracked {
  kind: Kind;
  n: number;
  /** Order number (pickups, returns) or first item (picklists): unique to this record. */
  marker: string;
  items: [string, string];
  store: Store;
  id?: string;
  /** The last state a 2xx acknowledged; undefined while the creation is not acknowledged. */
  acked?: string;
  /** A state asked for that got no answer (connection lost, timeout) or a 503: it may or may not have happened. */
  unanswered?: string;
  busy: boolean;
  /** Lost: its creation was never acknowledged and it was not found. */
  gone?: boolean;
  /** The creation as sent, with its Idempotency-Key: a client retries it as it was. */
  creation: { path: string; body: unknown; key: string };
}

export interface LoadEvent {
  start: number;
  end: number;
  method: string;
  path: string;
  write: boolean;
  status: number | null;
  error?: string;
  body?: Loose;
  retryAfter?: string | null;
  /** The server answered a creation again from its Idempotency-Key (the first attempt had been committed). */
  replayed?: boolean;
}

export interface LoadOptions {
  url: string;
  adminToken: string;
  stores: Store[];
  invoice: string;
  runId: string;
  workers: number;
  /** Share of requests that are reads (0..1). */
  readShare?: number;
  /** Per-request bound. */
  timeoutMs?: number;
  /** Called after every acknowledged write. */
  onAck?: (load: WriteLoad) => void;
}

export class WriteLoad {
  readonly records: Tracked[] = [];
  readonly events: LoadEvent[] = [];
  /** Writes answered 2xx, since the start. */
  acked = 0;
  inFlight = 0;
  private stopping = false;
  private counter = 0;
  private withdrawals = new Map<string, number[]>();
  url: string;

  constructor(private readonly opts: LoadOptions) {
    this.url = opts.url;
  }

  stop() {
    this.stopping = true;
  }

  /** Points the load at a (restarted) server, for another round. */
  resume(url: string) {
    this.url = url;
    this.stopping = false;
    this.withdrawals.clear();
  }

  /** Runs the workers until stop() (or `forMs`, when given). */
  async run(forMs?: number): Promise<void> {
    const timer = forMs === undefined ? undefined : setTimeout(() => this.stop(), forMs);
    await Promise.all(Array.from({ length: this.opts.workers }, () => this.worker()));
    if (timer) clearTimeout(timer);
  }

  get ackedWrites(): number {
    return this.events.filter((e) => e.write && e.status !== null && e.status >= 200 && e.status < 300).length;
  }

  private async worker() {
    while (!this.stopping) {
      const roll = Math.random();
      if (roll < (this.opts.readShare ?? 0)) {
        await this.read();
        continue;
      }
      const open = this.records.filter((r) => !r.busy && !r.gone && r.acked !== undefined && r.unanswered === undefined && this.nextState(r) && this.mayAdvance(r));
      const record = open.length > 0 && Math.random() < 0.6 ? open[Math.floor(Math.random() * open.length)] : undefined;
      const failed = record ? await this.advance(record) : await this.create(KINDS[Math.floor(Math.random() * KINDS.length)]!);
      if (failed) await sleep(50);
    }
  }

  private nextState(record: Tracked): string | undefined {
    const chain = CHAIN[record.kind];
    return chain[chain.indexOf(record.acked!) + 1];
  }

  private mayAdvance(record: Tracked): boolean {
    if (record.kind !== "pickup" || record.acked !== "Aguardando retirada") return true;
    const recent = (this.withdrawals.get(record.store.username) ?? []).filter((t) => t > Date.now() - 61_000);
    return recent.length < WITHDRAWALS_PER_MINUTE;
  }

  private async send(method: string, path: string, body: unknown, token: string, write: boolean, headers?: Record<string, string>): Promise<LoadEvent> {
    const event: LoadEvent = { start: Date.now(), end: 0, method, path, write, status: null };
    this.inFlight++;
    try {
      const res = await api(this.url, token).request(method, path, body, { timeoutMs: this.opts.timeoutMs ?? 30_000, headers });
      event.status = res.status;
      event.body = res.body;
      event.retryAfter = res.headers.get("retry-after");
      event.replayed = res.headers.get("idempotent-replayed") === "true";
    } catch (err) {
      const e = err as { name?: string; cause?: { code?: string }; message?: string };
      event.error = e.cause?.code ?? e.name ?? String(err);
    } finally {
      this.inFlight--;
      event.end = Date.now();
      this.events.push(event);
    }
    return event;
  }

  private async read(): Promise<void> {
    const store = this.opts.stores[Math.floor(Math.random() * this.opts.stores.length)]!;
    const path = ["/api/picklist/get?open=true", "/api/pickup/get?page=1&pageSize=20", "/api/return/get?page=1&pageSize=20"][Math.floor(Math.random() * 3)]!;
    const event = await this.send("GET", path, undefined, Math.random() < 0.5 ? store.token : this.opts.adminToken, false);
    if (event.status !== 200) await sleep(50);
  }

  /** Returns true when the request failed (no 2xx). */
  private settle(record: Tracked, state: string, event: LoadEvent, onAck: () => void): boolean {
    record.busy = false;
    if (event.status !== null && event.status >= 200 && event.status < 300) {
      record.acked = state;
      onAck();
      this.acked++;
      this.opts.onAck?.(this);
      return false;
    }
    if (event.status === null || event.status === 503) record.unanswered = state;
    return true;
  }

  private async create(kind: Kind): Promise<boolean> {
    const n = ++this.counter;
    const store = this.opts.stores[n % this.opts.stores.length]!;
    const tag = `${this.opts.runId}${String(n).padStart(8, "0")}`; // order numbers have 16 characters
    const items: [string, string] = [`FALHA ${tag} A`, `FALHA ${tag} B`];
    const marker = kind === "picklist" ? items[0] : `${kind === "pickup" ? "PF" : "DF"}${tag}`;
    const creation =
      kind === "picklist"
        ? { path: "/api/picklist/create", body: { destination: store.username, listItems: items } }
        : kind === "pickup"
          ? { path: "/api/pickup/create", body: pickupBody(store.username, marker, this.opts.invoice) }
          : { path: "/api/return/create", body: returnBody(marker, cpfFor(n)) };
    const record: Tracked = { kind, n, marker, items, store, busy: true, creation: { ...creation, key: randomUUID() } };
    this.records.push(record);
    return (await this.sendCreation(record)).failed;
  }

  private async sendCreation(record: Tracked): Promise<{ failed: boolean; event: LoadEvent }> {
    const { path, body, key } = record.creation;
    const event = await this.send("POST", path, body, this.opts.adminToken, true, { "idempotency-key": key });
    const failed = this.settle(record, CHAIN[record.kind][0]!, event, () => {
      const created = event.body?.[record.kind];
      record.id = created?.id;
    });
    return { failed, event };
  }

  /** Creations that got no answer (a lost connection, a 503): sent again, as they were, with the same key. */
  unansweredCreations(): Tracked[] {
    return this.records.filter((r) => r.acked === undefined && r.unanswered !== undefined && !r.gone && !r.busy);
  }

  /**
   * What a careful client does after an outage: sends each unanswered creation again with its key until it
   * is answered. Answers how many were retried and how many of those the server replayed (their first
   * attempt had been committed: without the key, a duplicate).
   */
  async retryUnansweredCreations(deadlineMs = 30_000): Promise<{ retried: number; replayed: number; left: number }> {
    const deadline = Date.now() + deadlineMs;
    const pending = this.unansweredCreations();
    let replayed = 0;
    for (const record of pending) {
      for (;;) {
        record.busy = true;
        const { failed, event } = await this.sendCreation(record);
        if (!failed) {
          if (event.replayed) replayed++;
          record.unanswered = undefined;
          break;
        }
        if ((event.status !== null && event.status !== 503) || Date.now() > deadline) break;
        await sleep(200);
      }
    }
    return { retried: pending.length, replayed, left: this.unansweredCreations().length };
  }

  private async advance(record: Tracked): Promise<boolean> {
    const state = this.nextState(record)!;
    record.busy = true;
    const token = record.store.token;
    let event: LoadEvent;
    if (record.kind === "picklist") {
      const body =
        state === "Em andamento"
          ? { currentStatus: "Em andamento" }
          : { currentStatus: "Concluído", completedItems: [record.items[0]], uncompletedItems: [record.items[1]], numberTransfer: TRANSFER_NUMBER };
      event = await this.send("PUT", `/api/picklist/update/${record.id}`, body, token, true);
    } else if (record.kind === "pickup") {
      const body = state === "Aguardando retirada" ? { pickupStatus: state } : { pickupStatus: state, withdrawalCPF: CUSTOMER_CPF };
      if (state === "Pedido retirado") {
        const list = this.withdrawals.get(record.store.username) ?? [];
        list.push(Date.now());
        this.withdrawals.set(record.store.username, list);
      }
      event = await this.send("PUT", `/api/pickup/update/${record.id}`, body, token, true);
    } else {
      event = await this.send("PUT", `/api/return/update/${record.id}`, { returnStatus: state }, token, true);
    }
    return this.settle(record, state, event, () => {});
  }

  /** Writes answered with something else than 2xx, 503 or no answer at all. */
  unexpectedWrites(): LoadEvent[] {
    return this.events.filter((e) => e.write && e.status !== null && e.status !== 503 && (e.status < 200 || e.status >= 300));
  }
}

export interface Snapshot {
  picklists: Loose[];
  pickups: Loose[];
  returns: Loose[];
}

/** Everything the administrator sees, read through the API. */
export async function snapshot(url: string, adminToken: string): Promise<Snapshot> {
  const admin = api(url, adminToken);
  const get = async (path: string, key: string) => {
    const res = await admin.get(path, { timeoutMs: 60_000 });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body[key] as Loose[];
  };
  return {
    picklists: await get("/api/picklist/get", "picklists"),
    pickups: await get("/api/pickup/get", "pickups"),
    returns: await get("/api/return/get", "returns"),
  };
}

const statusOf = (kind: Kind, row: Loose): string => (kind === "picklist" ? row.currentStatus : kind === "pickup" ? row.pickupStatus : row.returnStatus);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a record of any origin must look like in its state: nothing half-written. */
export function rowProblems(kind: Kind, row: Loose): string[] {
  const p: string[] = [];
  const bad = (what: string) => p.push(`${kind} ${row.id} (${statusOf(kind, row)}): ${what}`);
  if (kind === "picklist") {
    const s = row.currentStatus;
    if (s === "Não iniciado" && (row.timeStarted || row.timeCompleted || row.numberTransfer || row.completedItems.length || row.uncompletedItems.length)) bad("not started but carries progress");
    if (s !== "Não iniciado" && !row.timeStarted) bad("no timeStarted");
    if (s === "Em andamento" && row.timeCompleted) bad("in progress with timeCompleted");
    if (s === "Concluído" && (!row.timeCompleted || !/^\d{6}$/.test(row.numberTransfer ?? ""))) bad("finished without timeCompleted or numberTransfer");
    if (s === "Em andamento" || s === "Concluído") {
      const split = [...row.completedItems, ...row.uncompletedItems].sort();
      if (!same(split, [...row.listItems].sort())) bad("its split does not hold exactly the list's items");
    }
    if (!CHAIN.picklist.includes(s) && s !== "Não concluído") bad("unknown status");
  } else if (kind === "pickup") {
    const s = row.pickupStatus;
    if (s === "Em trânsito" && (row.orderReceivedAtStoreDate || row.actualPickupDate)) bad("in transit with receipt or pickup date");
    if (s === "Aguardando retirada" && (row.actualPickupDate || (!row.orderReceivedAtStoreDate && row.pickupType !== "Disponível na loja"))) bad("awaiting without receipt date, or with pickup date");
    if (s === "Pedido retirado" && !row.actualPickupDate) bad("picked up without actualPickupDate");
    if (!CHAIN.pickup.includes(s)) bad("unknown status");
  } else {
    const s = row.returnStatus;
    if (s === "Devolução pendente" && (row.returnStore || row.dateOfReturn)) bad("pending with store or date");
    if (s === "Devolvido em loja física" && (!row.returnStore || !row.dateOfReturn)) bad("received without store or dateOfReturn");
  }
  return p;
}

export interface Verdict {
  problems: string[];
  /** Changes answered 2xx (creations and transitions), over the whole run. */
  acknowledged: number;
  /** Of those, the ones found in the database. */
  found: number;
  /** Changes asked for without an answer (or answered 503). */
  unanswered: number;
  /** Of those, the ones that did happen. */
  unansweredApplied: number;
  /** Which ones: "<kind> <id> → <state>". */
  appliedUnanswered: string[];
}

/**
 * Compares the records the load tracked with what the server holds, then settles them: a change asked for without
 * an answer becomes whatever the server holds, so that another round can go on from there.
 */
export function verify(load: WriteLoad, snap: Snapshot, expected: { invoice: string }): Verdict {
  const problems: string[] = [];
  const tables: Record<Kind, Loose[]> = { picklist: snap.picklists, pickup: snap.pickups, return: snap.returns };
  for (const kind of KINDS) for (const row of tables[kind]) problems.push(...rowProblems(kind, row));
  const byId = new Map<string, Loose>();
  const byMarker = new Map<string, Loose[]>();
  for (const kind of KINDS) {
    for (const row of tables[kind]) {
      byId.set(row.id, row);
      const marker = kind === "picklist" ? row.listItems?.[0] : row.orderNumber;
      byMarker.set(marker, [...(byMarker.get(marker) ?? []), row]);
    }
  }
  let acknowledged = 0;
  let found = 0;
  let unanswered = 0;
  let unansweredApplied = 0;
  const appliedUnanswered: string[] = [];
  for (const r of load.records) {
    if (r.gone) continue;
    const chain = CHAIN[r.kind];
    const ackedIndex = r.acked === undefined ? -1 : chain.indexOf(r.acked);
    acknowledged += ackedIndex + 1;
    const matches = byMarker.get(r.marker) ?? [];
    if (matches.length > 1) problems.push(`${r.kind} ${r.marker}: ${matches.length} records for one creation`);
    const row = r.id ? byId.get(r.id) : matches[0];
    if (r.id && row && matches[0]?.id !== r.id) problems.push(`${r.kind} ${r.marker}: found under another marker`);
    if (r.unanswered !== undefined) unanswered++;
    if (!row) {
      if (ackedIndex >= 0) problems.push(`${r.kind} ${r.marker} (${r.id}): acknowledged as "${r.acked}" but missing`);
      r.gone = true;
      r.unanswered = undefined;
      continue;
    }
    const state = statusOf(r.kind, row);
    const allowed = [r.acked, r.unanswered].filter((s) => s !== undefined);
    if (!allowed.includes(state)) {
      problems.push(`${r.kind} ${r.marker} (${row.id}): is "${state}", acknowledged "${r.acked ?? "(creation unanswered)"}", unanswered "${r.unanswered ?? "-"}"`);
    }
    found += Math.min(chain.indexOf(state), ackedIndex) + 1;
    if (r.unanswered !== undefined && state === r.unanswered) {
      unansweredApplied++;
      appliedUnanswered.push(`${r.kind} ${row.id} → ${state}`);
    }
    // The record's own content, exactly as it was written.
    if (r.kind === "picklist") {
      if (row.destination !== r.store.username || !same(row.listItems, r.items)) problems.push(`picklist ${r.marker}: destination or items differ`);
      if (state === "Concluído" && (!same(row.completedItems, [r.items[0]]) || !same(row.uncompletedItems, [r.items[1]]) || row.numberTransfer !== TRANSFER_NUMBER)) {
        problems.push(`picklist ${r.marker}: finished without its split or transfer number`);
      }
      if (state === "Em andamento" && (!same(row.completedItems, []) || !same(row.uncompletedItems, r.items))) problems.push(`picklist ${r.marker}: in progress with a split it was never sent`);
    } else if (r.kind === "pickup") {
      if (row.pickupStoreName !== r.store.username || row.invoiceFileName !== expected.invoice || row.orderNumber !== r.marker) problems.push(`pickup ${r.marker}: content differs`);
    } else {
      if (row.orderNumber !== r.marker) problems.push(`return ${r.marker}: content differs`);
      if (state === "Devolvido em loja física" && row.returnStore !== r.store.username) problems.push(`return ${r.marker}: received by ${row.returnStore}`);
    }
    r.id = row.id;
    r.acked = state;
    r.unanswered = undefined;
  }
  return { problems, acknowledged, found, unanswered, unansweredApplied, appliedUnanswered };
}
