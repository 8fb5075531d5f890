/**
 * The virtual users of the load test. A store works as its screens do: its pending picklists (start, tick, finish
 * with a transfer number, or 'Produtos indisponíveis'), its pending pickups (confirm receipt; check the customer's CPF
 * at the counter and confirm the pickup), a pending return found by the customer's CPF (accept or refuse), and its
 * histories page by page. An administrator creates picklists, pickups (NF-e first) and returns for random stores and
 * reads the administrator's screens.
 *
 * Nothing here can legitimately answer 409: each store acts only on its own records, one step at a time; a return is
 * looked up only by the store its CPF was handed to; and the counter's CPF checks stay under the route's limit
 * (30 a minute per store), as a real counter's queue does.
 */
import { LoadFailure, type Json, type LoadClient } from "./load-http.js";
import type { LoadMetrics } from "./load-metrics.js";
import { STORE_ROLE, cpfFor, orderNumber, pickupCpf, type Cpf } from "./load-seed.js";

const TIMEZONE = "America/Sao_Paulo";
const PAGE_SIZE = 8;
/** Counter checks (check-withdrawal + confirm) a store may start in any 60 s: each route allows 30 a minute. */
const WITHDRAWALS_PER_MINUTE = 12;
const STORE_HISTORY_RETURN_STATUSES = ["Devolvido em loja física", "Devolução concluída", "Devolução expirada", "Devolução recusada"];
const REFUSAL_REASONS = ["all", "Produto sem a nota fiscal", "Produto sem a caixa original"];
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

export interface Ledger {
  startedPicklists: Set<string>;
  finishedPicklists: Map<string, { status: string; numberTransfer: string | null; store: string }>;
  receivedPickups: Set<string>;
  collectedPickups: Set<string>;
  handledReturns: Map<string, { status: string; store: string }>;
  createdPicklists: string[];
  createdPickups: string[];
  createdReturns: string[];
}

export function newLedger(): Ledger {
  return {
    startedPicklists: new Set(),
    finishedPicklists: new Map(),
    receivedPickups: new Set(),
    collectedPickups: new Set(),
    handledReturns: new Map(),
    createdPicklists: [],
    createdPickups: [],
    createdReturns: [],
  };
}

export interface StoreUser {
  index: number;
  name: string;
  token: string;
  /** CPFs of pending returns that this store, and only it, will look up. */
  returnQueue: Cpf[];
  withdrawals: number[];
}

export interface LoadContext {
  client: LoadClient;
  metrics: LoadMetrics;
  ledger: Ledger;
  stores: StoreUser[];
  endAt: number;
  thinkMaxMs: number;
}

const q = encodeURIComponent;
const random = (n: number) => Math.floor(Math.random() * n);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dayIn = (date: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
const statusQuery = (statuses: readonly string[]) => statuses.map((s) => `status=${q(s)}`).join("&");

function expectArray(key: string, predicate?: (row: Json) => boolean, what?: string) {
  return (body: Json) => {
    const rows = body?.[key];
    if (!Array.isArray(rows)) return `a resposta não traz ${key}`;
    if (predicate && !rows.every(predicate)) return what ?? `linha inesperada em ${key}`;
    return undefined;
  };
}

function expectField(path: string[], value: unknown) {
  return (body: Json) => {
    let at: Json = body;
    for (const key of path) at = at?.[key];
    return at === value ? undefined : `${path.join(".")} = ${JSON.stringify(at)}, esperado ${JSON.stringify(value)}`;
  };
}

/** Runs one step of a flow; a failed request was already counted, an exception of the script itself is counted here. */
async function guarded(ctx: LoadContext, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (err) {
    if (err instanceof LoadFailure) return;
    ctx.metrics.record("erro do roteiro", 0, { status: "network", detail: err instanceof Error ? err.stack ?? err.message : String(err) });
  }
}

class StoreSession {
  private readonly month = dayIn(new Date(Date.now() - 30 * 24 * 3600 * 1000));
  private readonly today = dayIn(new Date());

  constructor(
    private readonly ctx: LoadContext,
    private readonly store: StoreUser,
  ) {}

  private think() {
    return sleep(random(this.ctx.thinkMaxMs + 1));
  }

  private call(operation: string, method: string, path: string, options: Parameters<LoadClient["call"]>[4] = {}) {
    return this.ctx.client.call(operation, method, `/api${path}`, this.store.token, options);
  }

  private ownRows(key: string, storeField: string) {
    return expectArray(key, (row) => row[storeField] === this.store.name, `um registro de outra loja em ${key}`);
  }

  async run(): Promise<void> {
    const flows = [() => this.picklist(), () => this.pickup(), () => this.returnOrder(), () => this.history()];
    while (Date.now() < this.ctx.endAt) {
      // Each round visits every screen once, in a random order.
      const order = flows.map((f) => ({ f, k: Math.random() })).sort((a, b) => a.k - b.k);
      for (const { f } of order) {
        if (Date.now() >= this.ctx.endAt) return;
        await guarded(this.ctx, f);
        await this.think();
      }
    }
  }

  /** 'Listas de separação pendentes': the cards, then one list started, ticked and finished. */
  private async picklist() {
    const cards = await this.call(
      "listas pendentes (loja)",
      "GET",
      `/picklist/get?${statusQuery(["Não iniciado", "Em andamento", "Não concluído"])}&open=true`,
      { check: this.ownRows("picklists", "destination") },
    );
    const list = (cards.picklists as Json[]).find((p) => p.currentStatus === "Não iniciado");
    if (!list || Date.now() >= this.ctx.endAt) return;
    const id: string = list.id;
    const items: string[] = list.listItems;
    await this.think();
    await this.call("reler lista ao iniciar", "GET", `/picklist/getId/${id}`, { check: expectField(["picklist", "destination"], this.store.name) });
    await this.call("iniciar lista", "PUT", `/picklist/update/${id}`, {
      body: { currentStatus: "Em andamento" },
      check: expectField(["picklist", "currentStatus"], "Em andamento"),
    });
    this.ctx.ledger.startedPicklists.add(id);
    await this.think();
    await this.call("separar item", "PUT", `/picklist/update/${id}`, {
      body: { completedItems: items.slice(0, 1), uncompletedItems: items.slice(1) },
      check: (b) => (b?.picklist?.completedItems?.length === 1 ? undefined : "o item não ficou separado"),
    });
    await this.think();
    const unavailable = Math.random() < 0.2;
    if (unavailable) {
      await this.call("produtos indisponíveis", "PUT", `/picklist/update/${id}`, {
        body: { currentStatus: "Não concluído" },
        check: expectField(["picklist", "currentStatus"], "Não concluído"),
      });
    } else {
      const split = items.length > 2 ? { completedItems: items.slice(0, 2), uncompletedItems: items.slice(2) } : { completedItems: items, uncompletedItems: [] };
      await this.call("separar item", "PUT", `/picklist/update/${id}`, {
        body: split,
        check: (b) => (b?.picklist?.completedItems?.length === split.completedItems.length ? undefined : "o item não ficou separado"),
      });
    }
    await this.think();
    const numberTransfer = unavailable ? null : String(100000 + random(900000));
    const status = unavailable ? "Não concluído" : "Concluído";
    await this.call("finalizar lista", "PUT", `/picklist/update/${id}`, {
      body: { timeCompleted: new Date().toISOString(), numberTransfer },
      check: (b) =>
        b?.picklist?.currentStatus === status && b?.picklist?.timeCompleted ? undefined : `status ${b?.picklist?.currentStatus}, esperado ${status}`,
    });
    this.ctx.ledger.finishedPicklists.set(id, { status, numberTransfer, store: this.store.name });
  }

  private withdrawalAllowed(): boolean {
    const since = Date.now() - 62_000;
    this.store.withdrawals = this.store.withdrawals.filter((t) => t > since);
    return this.store.withdrawals.length < WITHDRAWALS_PER_MINUTE;
  }

  /** 'Retiradas pendentes': confirm a parcel's receipt, then serve a customer at the counter. */
  private async pickup() {
    const page = await this.call(
      "retiradas pendentes (loja)",
      "GET",
      `/pickup/get?${statusQuery(["Em trânsito", "Aguardando retirada"])}&page=1&pageSize=${PAGE_SIZE}`,
      { check: this.ownRows("pickups", "pickupStoreName") },
    );
    const rows = page.pickups as Json[];
    const inTransit = rows.find((p) => p.pickupStatus === "Em trânsito");
    let awaiting: Json = rows.find((p) => p.pickupStatus === "Aguardando retirada");
    if (inTransit && Date.now() < this.ctx.endAt) {
      await this.think();
      const received = await this.call("confirmar recebimento", "PUT", `/pickup/update/${inTransit.id}`, {
        body: { pickupStatus: "Aguardando retirada" },
        check: expectField(["pickup", "pickupStatus"], "Aguardando retirada"),
      });
      this.ctx.ledger.receivedPickups.add(inTransit.id);
      awaiting ??= received.pickup;
    }
    if (!awaiting || Date.now() >= this.ctx.endAt || !this.withdrawalAllowed()) return;
    this.store.withdrawals.push(Date.now());
    const cpf = pickupCpf(this.store.index).formatted;
    await this.think();
    await this.call("conferir CPF no balcão", "POST", `/pickup/check-withdrawal/${awaiting.id}`, {
      body: { withdrawalCPF: cpf },
      check: expectField(["authorized"], true),
    });
    await this.think();
    await this.call("confirmar retirada", "PUT", `/pickup/update/${awaiting.id}`, {
      body: { pickupStatus: "Pedido retirado", withdrawalCPF: cpf },
      check: expectField(["pickup", "pickupStatus"], "Pedido retirado"),
    });
    this.ctx.ledger.collectedPickups.add(awaiting.id);
  }

  /** 'Receber devolução': the customer's CPF typed in, the one pending return found, accepted or refused. */
  private async returnOrder() {
    const cpf = this.store.returnQueue.shift();
    if (!cpf) return;
    const isPending = (r: Json) => r.returnStatus === "Devolução pendente";
    const found = await this.call("buscar devolução por CPF", "GET", `/return/get?search=${q(cpf.formatted)}&page=1&pageSize=${PAGE_SIZE}`, {
      check: (b) => expectArray("returns")(b) ?? ((b.returns as Json[]).some(isPending) ? undefined : `nenhuma devolução pendente para ${cpf.formatted}`),
    });
    const pending = (found.returns as Json[]).find(isPending)!;
    await this.think();
    const accept = Math.random() < 0.7;
    const status = accept ? "Devolvido em loja física" : "Devolução recusada";
    await this.call(accept ? "aceitar devolução" : "recusar devolução", "PUT", `/return/update/${pending.id}`, {
      body: accept ? { returnStatus: status } : { returnStatus: status, reasonForRefusal: REFUSAL_REASONS[random(REFUSAL_REASONS.length)] },
      check: (b) =>
        b?.return?.returnStatus === status && b?.return?.returnStore === this.store.name ? undefined : `status ${b?.return?.returnStatus}, loja ${b?.return?.returnStore}`,
    });
    this.ctx.ledger.handledReturns.set(pending.id, { status, store: this.store.name });
  }

  /** One of the three histories, the last 30 days, page 1 and (when there is one) page 2. */
  private async history() {
    const range = `from=${this.month}&to=${this.today}`;
    const which = random(3);
    const [operation, path, key, storeField] =
      which === 0
        ? ["histórico de listas (loja)", `/picklist/get?${range}`, "picklists", "destination"]
        : which === 1
          ? ["histórico de retiradas (loja)", `/pickup/get?${range}`, "pickups", "pickupStoreName"]
          : ["histórico de devoluções (loja)", `/return/get?${statusQuery(STORE_HISTORY_RETURN_STATUSES)}&${range}`, "returns", "returnStore"];
    const check = (b: Json) => this.ownRows(key, storeField)(b) ?? (typeof b?.total === "number" ? undefined : "sem total");
    const first = await this.call(operation, "GET", `${path}&page=1&pageSize=${PAGE_SIZE}`, { check });
    if (first.total > PAGE_SIZE && Date.now() < this.ctx.endAt) {
      await this.think();
      await this.call(operation, "GET", `${path}&page=2&pageSize=${PAGE_SIZE}`, { check });
    }
  }
}

let adminSerial = 0;

class AdminSession {
  /** Asked each time: a run that crosses midnight in São Paulo must not schedule a pickup in the past. */
  private get today() {
    return dayIn(new Date());
  }

  constructor(
    private readonly ctx: LoadContext,
    private readonly token: string,
  ) {}

  private call(operation: string, method: string, path: string, options: Parameters<LoadClient["call"]>[4] = {}) {
    return this.ctx.client.call(operation, method, `/api${path}`, this.token, options);
  }

  private randomStore(): StoreUser {
    return this.ctx.stores[random(this.ctx.stores.length)]!;
  }

  async run(): Promise<void> {
    const steps = [
      () => this.createPicklist(),
      () => this.createPickup(),
      () => this.createReturn(),
      () => this.readScreens(),
      () => this.readScreens(),
    ];
    while (Date.now() < this.ctx.endAt) {
      await guarded(this.ctx, steps[random(steps.length)]!);
      await sleep(random(this.ctx.thinkMaxMs + 1));
    }
  }

  private async createPicklist() {
    await this.call("lojas (administrador)", "GET", `/users/get?role=${q(STORE_ROLE)}`, { check: expectArray("users") });
    const store = this.randomStore();
    const n = ++adminSerial;
    const created = await this.call("criar lista", "POST", "/picklist/create", {
      expected: 201,
      body: { destination: store.name, listItems: [`TENIS ADMIN 41 ${String(400000 + n)}-2A`, `CHINELO ADMIN 39 ${String(500000 + n)}-3D`] },
      check: expectField(["picklist", "currentStatus"], "Não iniciado"),
    });
    this.ctx.ledger.createdPicklists.push(created.picklist.id);
  }

  private async createPickup() {
    const form = new FormData();
    form.append("invoiceFileName", new Blob([PDF], { type: "application/pdf" }), "nota.pdf");
    const encoded = new Response(form);
    const upload = await this.call("enviar NF-e", "POST", "/uploads/nfe", {
      expected: 201,
      headers: { "content-type": encoded.headers.get("content-type")! },
      rawBody: Buffer.from(await encoded.arrayBuffer()),
      check: (b) => (typeof b?.filename === "string" ? undefined : "sem filename"),
    });
    const store = this.randomStore();
    const inStore = Math.random() < 0.5;
    const created = await this.call("criar retirada", "POST", "/pickup/create", {
      expected: 201,
      body: {
        pickupStoreName: store.name,
        scheduledPickupDate: this.today,
        pickupType: inStore ? "Disponível na loja" : "Envio realizado via Correios",
        orderNumber: orderNumber("ADMRET", ++adminSerial),
        trackingCode: inStore ? "654321" : "BR987654321BR",
        invoiceFileName: upload.filename,
        customerFullName: `Cliente da ${store.name}`,
        customerCPF: pickupCpf(store.index).formatted,
        customerPhone: "(41) 99999-9999",
        customerEmail: "cliente@example.com",
        authorizedThirdPartyPickup: false,
        orderItems: ["TENIS RUNNER 42 123456-7X"],
      },
      check: expectField(["pickup", "pickupStatus"], inStore ? "Aguardando retirada" : "Em trânsito"),
    });
    this.ctx.ledger.createdPickups.push(created.pickup.id);
  }

  private async createReturn() {
    const store = this.randomStore();
    const n = ++adminSerial;
    const cpf = cpfFor(5_000_000 + n);
    const created = await this.call("criar devolução", "POST", "/return/create", {
      expected: 201,
      body: {
        orderNumber: orderNumber("ADMDEV", n),
        customerFullName: "Cliente Devolução Carga",
        customerCPF: cpf.formatted,
        customerPhone: "(41) 97777-6666",
        customerEmail: "devolve@example.com",
        returnItems: ["SAPATILHA 36 777777-1Z"],
      },
      check: expectField(["return", "returnStatus"], "Devolução pendente"),
    });
    this.ctx.ledger.createdReturns.push(created.return.id);
    // The customer walks into that store: only it will look this CPF up.
    store.returnQueue.push(cpf);
  }

  private async readScreens() {
    const page = `page=1&pageSize=${PAGE_SIZE}`;
    const reads: [string, string, string][] = [
      ["listas de hoje (administrador)", `/picklist/get?from=${this.today}&to=${this.today}&${page}`, "picklists"],
      ["listas pendentes (administrador)", `/picklist/get?${statusQuery(["Não iniciado", "Em andamento"])}&pending=${this.today}&${page}`, "picklists"],
      ["retiradas (administrador)", `/pickup/get?${page}`, "pickups"],
      ["devoluções (administrador)", `/return/get?${page}`, "returns"],
      ["fila de e-mails (administrador)", `/notification-outbox/get?${page}`, "notifications"],
    ];
    const [operation, path, key] = reads[random(reads.length)]!;
    await this.call(operation, "GET", path, { check: expectArray(key) });
  }
}

export async function runStore(ctx: LoadContext, store: StoreUser): Promise<void> {
  // Stores do not all open their screens in the same millisecond.
  await sleep(random(1_000));
  await new StoreSession(ctx, store).run();
}

export async function runAdmin(ctx: LoadContext, token: string): Promise<void> {
  await new AdminSession(ctx, token).run();
}
