import { TZDate } from "@date-fns/tz";
import {
  AWAITING_PICKUP,
  DEFAULT_SENDER,
  IN_STORE,
  IN_TRANSIT,
  PICKED_UP,
  PICKLIST_COMPLETED,
  PICKLIST_IN_PROGRESS,
  PICKLIST_NOT_COMPLETED,
  PICKLIST_NOT_STARTED,
  POSTAL,
  REFUSAL_REASONS,
  RETURN_COMPLETED,
  RETURN_EXPIRED,
  RETURN_PENDING,
  RETURN_RECEIVED,
  RETURN_REFUSED,
  STORE,
  SUPERVISOR,
  completeCpf,
  productItemText,
  startOfDayIn,
  todayIn,
  withCheckDigit,
  type Company,
  type PickupStatus,
  type PickupType,
  type RecipientRole,
} from "@passo/domain";
import type { Db } from "../db/client.js";
import { productEans, products, storeRules, picklists, pickups, recipients, returns, uploads, users } from "../db/schema/index.js";
import { hashPassword } from "../lib/password.js";
import { seeded } from "../lib/seeded-random.js";
import { searchWordsOf } from "../modules/products/products.service.js";

/**
 * DEMO_DATA=1: a footwear chain of southern Brazil with two months of history, so that
 * every screen has something to show. Everything comes from one seed: two loads on the
 * same day tell the same story; dates are relative to the moment of loading.
 */

export const DEMO_SEED = 20_240_611;
/** Every demo store signs in with this password (README.md says so). */
export const DEMO_STORE_PASSWORD = "loja12345";
/** The demo's Supervisor signs in as `supervisor@<the company's domain>`, with the stores' password. */
export const DEMO_SUPERVISOR_LOCAL_PART = "supervisor";
export const DEMO_INVOICE_FILE_NAME = "nfe-demonstracao.pdf";
export const DEMO_DAYS = 60;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type PicklistRow = typeof picklists.$inferInsert;
type PickupRow = typeof pickups.$inferInsert;
type ReturnRow = typeof returns.$inferInsert;
type RecipientRow = typeof recipients.$inferInsert;
type StoreRuleRow = typeof storeRules.$inferInsert;

/** A product of the demo catalog: one size of one model, with the EAN-13 on its box. */
export interface DemoProduct {
  sku: string;
  ean: string;
  description: string;
  reference: string;
  size: string;
  color: string;
}

export interface DemoChain {
  products: DemoProduct[];
  stores: { username: string; email: string }[];
  /** A Supervisor user: the recipient of the same e-mail supervises the last region's stores. */
  supervisor: { username: string; email: string };
  recipients: RecipientRow[];
  storeRules: StoreRuleRow[];
  picklists: PicklistRow[];
  pickups: PickupRow[];
  returns: ReturnRow[];
}

export interface DemoOptions {
  company: Company;
  timezone: string;
  now?: Date;
  seed?: number;
}

class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seeded(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  letters(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String.fromCharCode(65 + this.int(0, 25));
    return s;
  }
  /** `count` distinct items, in the order they were drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}

const STORES = [
  { name: "Loja Curitiba Centro", ddd: "41", region: 0 },
  { name: "Loja Batel", ddd: "41", region: 0 },
  { name: "Loja Água Verde", ddd: "41", region: 0 },
  { name: "Loja Shopping Mueller", ddd: "41", region: 0 },
  { name: "Loja São José dos Pinhais", ddd: "41", region: 0 },
  { name: "Loja Joinville Garten", ddd: "47", region: 1 },
  { name: "Loja Joinville Centro", ddd: "47", region: 1 },
  { name: "Loja Blumenau", ddd: "47", region: 1 },
  { name: "Loja Balneário Camboriú", ddd: "47", region: 1 },
  { name: "Loja Ponta Grossa", ddd: "42", region: 2 },
  { name: "Loja Londrina Catuaí", ddd: "43", region: 2 },
  { name: "Loja Maringá Centro", ddd: "44", region: 2 },
] as const;
const REGIONS = 3;

const FIRST_NAMES = [
  "Ana", "Beatriz", "Bruna", "Camila", "Carla", "Daniela", "Fernanda", "Gabriela", "Juliana", "Larissa", "Letícia", "Luana",
  "Mariana", "Patrícia", "Renata", "Tatiane", "Vanessa", "Aline", "Cristina", "Helena", "André", "Bruno", "Carlos", "Diego",
  "Eduardo", "Felipe", "Gustavo", "Henrique", "João", "José", "Leandro", "Lucas", "Marcelo", "Mateus", "Paulo", "Rafael",
  "Rodrigo", "Thiago", "Vinícius", "Wagner",
];
const SURNAMES = [
  "Silva", "Santos", "Oliveira", "Souza", "Pereira", "Lima", "Carvalho", "Ferreira", "Rodrigues", "Almeida", "Costa", "Gomes",
  "Martins", "Araújo", "Ribeiro", "Barbosa", "Rocha", "Dias", "Nascimento", "Moreira", "Kowalski", "Schmitt", "Becker",
  "Wolff", "Mendes", "Cardoso", "Teixeira", "Vieira", "Correia", "Nunes", "Zanetti", "Bortolini",
];
const MAIL_PROVIDERS = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "bol.com.br"];

const PRODUCTS = [
  { kind: "TENIS", styles: ["CASUAL COURO", "RUNNER MESH", "SKATE LONA", "TRAINING", "CHUNKY", "SLIP ON"], genders: ["MASC", "FEM", "UNISSEX"] },
  { kind: "SAPATO", styles: ["SOCIAL COURO", "OXFORD", "MOCASSIM", "DOCKSIDE"], genders: ["MASC"] },
  { kind: "SAPATILHA", styles: ["BICO FINO", "VERNIZ", "LACO"], genders: ["FEM"] },
  { kind: "SANDALIA", styles: ["RASTEIRA", "SALTO BLOCO", "PLATAFORMA", "PAPETE"], genders: ["FEM"] },
  { kind: "BOTA", styles: ["COTURNO", "CANO CURTO", "CHELSEA", "CANO ALTO"], genders: ["MASC", "FEM"] },
  { kind: "SCARPIN", styles: ["SALTO ALTO", "SALTO MEDIO"], genders: ["FEM"] },
  { kind: "CHINELO", styles: ["SLIDE", "DEDO"], genders: ["UNISSEX"] },
] as const;
const COLORS = ["PRETO", "BRANCO", "MARROM", "CARAMELO", "NUDE", "AZUL MARINHO", "CINZA", "VERMELHO", "OFF WHITE", "BEGE"];
const SIZES: Record<string, [number, number]> = { MASC: [38, 44], FEM: [33, 39], UNISSEX: [34, 43] };

const CORREIOS_PREFIXES = ["QB", "OY", "NL", "AA", "PX", "OV", "QH"];

function slug(text: string, separator: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}|\\${separator}$`, "g"), "");
}

function randomCpf(rng: Random): string {
  let base = rng.digits(9);
  while (/^(\d)\1{8}$/.test(base)) base = rng.digits(9);
  return completeCpf(base);
}

interface Customer {
  name: string;
  cpf: string;
  phone: string;
  email: string;
}

function personName(rng: Random): string {
  const [middle, last] = rng.sample(SURNAMES, 2);
  return rng.chance(0.4) ? `${rng.pick(FIRST_NAMES)} ${middle} ${last}` : `${rng.pick(FIRST_NAMES)} ${last}`;
}

function randomCustomer(rng: Random): Customer {
  const name = personName(rng);
  const parts = name.split(" ");
  const ddd = rng.pick(STORES).ddd;
  return {
    name,
    cpf: randomCpf(rng),
    phone: `(${ddd}) 9${rng.digits(4)}-${rng.digits(4)}`,
    email: `${slug(parts[0]!, ".")}.${slug(parts.at(-1)!, ".")}${rng.int(1, 99)}@${rng.pick(MAIL_PROVIDERS)}`,
  };
}

export const DEMO_MODELS = 300;

/**
 * The chain's catalog: `models` models (a kind, style, gender and colour each, with a 6-digit
 * reference), every size of the gender's range. A product's SKU is its reference and its 2-digit
 * size, so that the copy buttons take the model ('code') or the SKU ('codeAll') from an item made
 * from it; its EAN-13 starts with Brazil's 789 and carries its GS1 check digit.
 */
function demoCatalog(rng: Random, models: number): DemoProduct[] {
  const descriptions = new Set<string>();
  const references = new Set<string>();
  const catalog: DemoProduct[] = [];
  while (descriptions.size < models) {
    const product = rng.pick(PRODUCTS);
    const gender = rng.pick(product.genders);
    const color = rng.pick(COLORS);
    const description = `${product.kind} ${rng.pick(product.styles)} ${gender} ${color}`;
    const reference = String(rng.int(100_000, 999_999));
    if (descriptions.has(description) || references.has(reference)) continue;
    descriptions.add(description);
    references.add(reference);
    const [min, max] = SIZES[gender]!;
    for (let size = min; size <= max; size++) {
      catalog.push({ sku: `${reference}${size}`, ean: withCheckDigit(`789${reference}${size}0`), description, reference, size: String(size), color });
    }
  }
  return catalog;
}

/** A minimal valid one-page PDF: the invoice every demo pickup points at. */
export function demoInvoicePdf(): Uint8Array {
  const stream = "BT /F1 16 Tf 72 770 Td (DANFE - Nota fiscal de demonstracao) Tj 0 -24 Td /F1 11 Tf (Documento sem valor fiscal.) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  // Plain ASCII throughout, so that string offsets are byte offsets for the xref table.
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/**
 * The whole chain as rows. Every random draw happens whatever `now` is, so the same seed
 * always gives the same stores, people, items and order numbers; only dates and the
 * statuses they imply follow the clock.
 */
export function buildDemoChain({ company, timezone, now = new Date(), seed = DEMO_SEED }: DemoOptions): DemoChain {
  const rng = new Random(seed);
  const domain = company.emailDomain.toLowerCase();
  const codes = new Set<string>();
  /** A pickup code no other demo pickup has. */
  const uniqueCode = (): string => {
    let code = rng.digits(6);
    while (codes.has(code)) code = rng.digits(6);
    codes.add(code);
    return code;
  };
  const nowMs = now.getTime();
  const todayStart = startOfDayIn(todayIn(timezone, now), timezone).getTime();

  /** A local time of day, `daysAgo` calendar days before today in the app's time zone. */
  const dayAt = (daysAgo: number, minutes: number): number => {
    const d = new TZDate(todayStart, timezone);
    d.setDate(d.getDate() - daysAgo);
    d.setHours(0, minutes, 0, 0);
    return d.getTime();
  };
  /** An event in business hours on that day; today's fall before now, early in the morning if need be. */
  const eventOn = (daysAgo: number): number => {
    const r = rng.next();
    if (daysAgo > 0) return dayAt(daysAgo, 8 * 60) + Math.floor(r * 11 * HOUR);
    const opening = nowMs - todayStart > 8 * HOUR ? todayStart + 7 * HOUR : todayStart;
    return opening + Math.floor(r * 0.9 * (nowMs - opening));
  };
  /** Something that happened after `from`, never after now. */
  const later = (from: number, minMs: number, maxMs: number): number => {
    const r = rng.next();
    const at = from + minMs + Math.floor(r * (maxMs - minMs));
    return at < nowMs ? at : from + Math.max(1, Math.floor((0.05 + 0.9 * r) * (nowMs - from)));
  };

  const stores = STORES.map((s) => ({ username: s.name, email: `${slug(s.name, ".")}@${domain}` }));

  const usedNames = new Set<string>();
  const uniquePerson = (): string => {
    let name = `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
    while (usedNames.has(name)) name = `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
    usedNames.add(name);
    return name;
  };
  const recipient = (role: RecipientRole): RecipientRow => {
    const username = uniquePerson();
    return { username, email: `${slug(username, ".")}@${domain}`, role, createdAt: new Date(dayAt(DEMO_DAYS + 30, 9 * 60)) };
  };
  const supervisors = Array.from({ length: REGIONS }, () => recipient("Supervisor"));
  // The supervisor of the last region (three stores) signs in too, as a Supervisor user (issue 31), matched by this e-mail.
  const signedInSupervisor = supervisors[REGIONS - 1]!;
  signedInSupervisor.email = `${DEMO_SUPERVISOR_LOCAL_PART}@${domain}`;
  const managers = STORES.map(() => recipient("Gerente"));
  const assistants = STORES.map(() => (rng.chance(0.7) ? recipient("Subgerente") : undefined));
  const rules: StoreRuleRow[] = STORES.map((s, i) => ({
    store: s.name,
    supervisor: supervisors[s.region]!.username,
    manager: managers[i]!.username,
    assistantManager: assistants[i]?.username ?? null,
    notificationPicklist: true,
    notificationPickup: rng.chance(0.85),
    notificationReturn: rng.chance(0.6),
    createdAt: new Date(dayAt(DEMO_DAYS + 30, 10 * 60)),
  }));

  const catalog = demoCatalog(rng, DEMO_MODELS);
  const items = rng.sample(catalog, 160).map(productItemText);
  const customers = Array.from({ length: 260 }, () => randomCustomer(rng));
  const usedOrderNumbers = new Set<string>();
  const orderNumber = (): string => {
    let n = `${rng.int(1, 9)}${rng.digits(12)}-01`;
    while (usedOrderNumbers.has(n)) n = `${rng.int(1, 9)}${rng.digits(12)}-01`;
    usedOrderNumbers.add(n);
    return n;
  };

  const picklistRows: PicklistRow[] = [];
  for (let daysAgo = DEMO_DAYS - 1; daysAgo >= 0; daysAgo--) {
    for (const store of STORES) {
      const count = daysAgo === 0 ? rng.int(2, 3) : rng.chance(0.45) ? 1 : 0;
      for (let n = 0; n < count; n++) picklistRows.push(demoPicklist(store.name, daysAgo));
    }
  }

  function demoPicklist(destination: string, daysAgo: number): PicklistRow {
    const sendDate = eventOn(daysAgo);
    const listItems = rng.sample(items, rng.int(3, 14));
    const roll = rng.next();
    const started = later(sendDate, 15 * 60_000, 20 * HOUR);
    const completed = later(started, 10 * 60_000, 3 * HOUR);
    const ticked = rng.int(0, listItems.length - 1);
    const allFound = rng.chance(0.7);
    const transfer = rng.digits(6);
    const sender = rng.chance(0.85) ? DEFAULT_SENDER : "Centro de Distribuição";
    const [pNotStarted, pInProgress, pUnfinished] = daysAgo === 0 ? [0.45, 0.9, 0.9] : daysAgo <= 2 ? [0.15, 0.4, 0.5] : [0.03, 0.05, 0.2];

    const base = { sender, destination, sendDate: new Date(sendDate), listItems };
    if (roll < pNotStarted) {
      return { ...base, currentStatus: PICKLIST_NOT_STARTED, updatedAt: new Date(sendDate) };
    }
    if (roll < pInProgress) {
      return {
        ...base,
        currentStatus: PICKLIST_IN_PROGRESS,
        timeStarted: new Date(started),
        completedItems: listItems.slice(0, ticked),
        uncompletedItems: listItems.slice(ticked),
        updatedAt: new Date(started),
      };
    }
    const finished = { ...base, timeStarted: new Date(started), timeCompleted: new Date(completed), updatedAt: new Date(completed) };
    if (roll < pUnfinished) {
      return { ...finished, currentStatus: PICKLIST_NOT_COMPLETED, completedItems: [], uncompletedItems: listItems };
    }
    const found = allFound ? listItems.length : Math.max(1, listItems.length - 1 - (ticked % 3));
    return {
      ...finished,
      currentStatus: PICKLIST_COMPLETED,
      completedItems: listItems.slice(0, found),
      uncompletedItems: listItems.slice(found),
      numberTransfer: transfer,
    };
  }

  const pickupRows: PickupRow[] = [];
  for (let daysAgo = DEMO_DAYS - 1; daysAgo >= 0; daysAgo--) {
    for (const store of STORES) {
      const count = daysAgo <= 1 ? rng.int(0, 2) : rng.chance(0.38) ? 1 : 0;
      for (let n = 0; n < count; n++) pickupRows.push(demoPickup(store.name, daysAgo));
    }
  }

  function demoPickup(pickupStoreName: string, daysAgo: number): PickupRow {
    const dispatched = eventOn(daysAgo);
    const customer = rng.pick(customers);
    const byPost = rng.chance(0.65);
    const pickupType: PickupType = byPost ? POSTAL : IN_STORE;
    const transitDays = rng.int(2, 6);
    const arrival = dispatched + transitDays * DAY + rng.int(-4, 4) * HOUR;
    const ready = byPost ? arrival : dispatched;
    const collected = ready + rng.int(0, 9) * DAY + rng.int(1, 8) * HOUR;
    const neverCollected = rng.chance(0.08);
    const thirdParty = rng.chance(0.15);
    const thirdPartyName = personName(rng);
    const thirdPartyCpf = randomCpf(rng);
    const scheduledDay = Math.ceil((ready - dispatched) / DAY) + rng.int(1, 3);
    const trackingCode = byPost ? `${rng.pick(CORREIOS_PREFIXES)}${rng.digits(9)}BR` : `${rng.letters(2)}${rng.digits(4)}`;

    let pickupStatus: PickupStatus = PICKED_UP;
    if (byPost && arrival >= nowMs) pickupStatus = IN_TRANSIT;
    else if (neverCollected || collected >= nowMs) pickupStatus = AWAITING_PICKUP;
    const received = byPost && pickupStatus !== IN_TRANSIT ? new Date(arrival) : null;
    const actualPickupDate = pickupStatus === PICKED_UP ? new Date(collected) : null;

    return {
      orderDispatchDate: new Date(dispatched),
      pickupStoreName,
      scheduledPickupDate: new Date(dayAt(daysAgo - scheduledDay, 0)),
      orderReceivedAtStoreDate: received,
      pickupType,
      orderNumber: orderNumber(),
      trackingCode,
      invoiceFileName: DEMO_INVOICE_FILE_NAME,
      customerFullName: customer.name,
      customerCPF: customer.cpf,
      customerPhone: customer.phone,
      customerEmail: customer.email,
      authorizedThirdPartyPickup: thirdParty,
      authorizedThirdPartyFullName: thirdParty ? thirdPartyName : null,
      authorizedThirdPartyCPF: thirdParty ? thirdPartyCpf : null,
      orderItems: rng.sample(items, rng.int(1, 4)),
      pickupStatus,
      actualPickupDate,
      waitingSince: pickupStatus === AWAITING_PICKUP ? new Date(ready) : null,
      collectedBy: actualPickupDate ? (thirdParty ? "thirdParty" : "customer") : null,
      handedOverBy: actualPickupDate ? pickupStoreName : null,
      updatedAt: actualPickupDate ?? received ?? new Date(dispatched),
    };
  }

  const returnRows: ReturnRow[] = [];
  for (let daysAgo = DEMO_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const count = rng.int(1, 4);
    for (let n = 0; n < count; n++) returnRows.push(demoReturn(daysAgo));
  }

  function demoReturn(daysAgo: number): ReturnRow {
    const created = eventOn(daysAgo);
    const customer = rng.pick(customers);
    const store = rng.pick(STORES).name;
    const showsUp = rng.chance(0.78);
    const arrived = created + rng.int(1, 12) * DAY + rng.int(-3, 3) * HOUR;
    const refused = rng.chance(0.18);
    const reason = rng.pick(REFUSAL_REASONS).label;
    const transferred = arrived + rng.int(1, 10) * DAY + rng.int(1, 6) * HOUR;
    const expiredAt = created + (31 + rng.int(0, 6)) * DAY;
    const adminExpires = rng.chance(0.7);
    const transferNumber = rng.digits(6);

    const base = {
      dateOfCreation: new Date(created),
      orderNumber: orderNumber(),
      customerCPF: customer.cpf,
      customerFullName: customer.name,
      customerPhone: customer.phone,
      customerEmail: customer.email,
      returnItems: rng.sample(items, rng.int(1, 2)),
    };
    if (showsUp && arrived < nowMs) {
      const atStore = { ...base, returnStore: store };
      if (refused) {
        return { ...atStore, returnStatus: RETURN_REFUSED, reasonForRefusal: reason, updatedAt: new Date(arrived) };
      }
      if (transferred < nowMs) {
        return {
          ...atStore,
          returnStatus: RETURN_COMPLETED,
          dateOfReturn: new Date(arrived),
          dateOfTransfer: new Date(transferred),
          transferNumber,
          updatedAt: new Date(transferred),
        };
      }
      return { ...atStore, returnStatus: RETURN_RECEIVED, dateOfReturn: new Date(arrived), updatedAt: new Date(arrived) };
    }
    if (!showsUp && adminExpires && expiredAt < nowMs) {
      return { ...base, returnStatus: RETURN_EXPIRED, updatedAt: new Date(expiredAt) };
    }
    return { ...base, returnStatus: RETURN_PENDING, updatedAt: new Date(created) };
  }

  return {
    products: catalog,
    stores,
    supervisor: { username: signedInSupervisor.username, email: signedInSupervisor.email },
    recipients: [...supervisors, ...managers, ...assistants.filter((a): a is RecipientRow => a !== undefined)],
    storeRules: rules,
    picklists: picklistRows,
    // Drawn here, not by the column's default: the rows go in one INSERT, whose rows do not see each other's codes.
    pickups: pickupRows.map((row) => ({ ...row, pickupCode: uniqueCode() })),
    returns: returnRows,
  };
}

/** Called once, on an empty database, after the first administrator exists. All or nothing. */
export async function loadDemoData(db: Db, opts: DemoOptions): Promise<void> {
  const chain = buildDemoChain(opts);
  const pdf = demoInvoicePdf();
  const passwordHashes = await Promise.all(chain.stores.map(() => hashPassword(DEMO_STORE_PASSWORD)));
  const supervisorHash = await hashPassword(DEMO_STORE_PASSWORD);
  const createdAt = chain.recipients[0]?.createdAt;
  await db.transaction(async (tx) => {
    await tx.insert(users).values(
      chain.stores.map((s, i) => ({ ...s, role: STORE, passwordHash: passwordHashes[i]!, createdAt, updatedAt: createdAt })),
    );
    await tx.insert(users).values({ ...chain.supervisor, role: SUPERVISOR, passwordHash: supervisorHash, createdAt, updatedAt: createdAt });
    await tx.insert(recipients).values(chain.recipients);
    await tx.insert(storeRules).values(chain.storeRules);
    await tx.insert(uploads).values({
      name: DEMO_INVOICE_FILE_NAME,
      originalName: "NF-e demonstração.pdf",
      contentType: "application/pdf",
      size: pdf.byteLength,
      content: pdf,
      uploadedBy: "Administrador",
    });
    for (let i = 0; i < chain.products.length; i += 1_000) {
      const batch = chain.products.slice(i, i + 1_000);
      await tx.insert(products).values(batch.map(({ ean: _ean, ...product }) => ({ ...product, searchWords: searchWordsOf(product.description), createdAt, updatedAt: createdAt })));
      await tx.insert(productEans).values(batch.map(({ sku, ean }) => ({ sku, ean })));
    }
    await tx.insert(picklists).values(chain.picklists);
    await tx.insert(pickups).values(chain.pickups);
    await tx.insert(returns).values(chain.returns);
  });
}
