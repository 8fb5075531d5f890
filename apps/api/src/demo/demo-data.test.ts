import {
  PICKLIST_STATUSES,
  REFUSAL_REASONS,
  PICKUP_STATUSES,
  RETURN_EXPIRY_DAYS,
  RETURN_STATUSES,
  STORE,
  SUPERVISOR,
  copyValue,
  gtinValid,
  isValidCpf,
  orderNumberSchema,
  phoneSchema,
  skuOfItem,
  startOfDayIn,
  todayIn,
} from "@passo/domain";
import { eq } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../bootstrap.js";
import { productEans, products, storeRules, picklists, pickups, recipients, returns, uploads, users } from "../db/schema/index.js";
import { bearer, useTestApp } from "../testing/test-app.js";
import { DEMO_DAYS, DEMO_INVOICE_FILE_NAME, DEMO_MODELS, DEMO_SEED, DEMO_STORE_PASSWORD, buildDemoChain } from "./demo-data.js";

const t = useTestApp({ demoData: true });
const DAY = 24 * 3_600_000;

let data: {
  stores: (typeof users.$inferSelect)[];
  supervisors: (typeof users.$inferSelect)[];
  recipients: (typeof recipients.$inferSelect)[];
  rules: (typeof storeRules.$inferSelect)[];
  picklists: (typeof picklists.$inferSelect)[];
  pickups: (typeof pickups.$inferSelect)[];
  returns: (typeof returns.$inferSelect)[];
};

beforeAll(async () => {
  const { db } = t.database;
  data = {
    stores: await db.select().from(users).where(eq(users.role, STORE)),
    supervisors: await db.select().from(users).where(eq(users.role, SUPERVISOR)),
    recipients: await db.select().from(recipients),
    rules: await db.select().from(storeRules),
    picklists: await db.select().from(picklists),
    pickups: await db.select().from(pickups),
    returns: await db.select().from(returns),
  };
});

const inDemoWindow = (date: Date | null) => !!date && date.getTime() <= Date.now() && date.getTime() > Date.now() - (DEMO_DAYS + 1) * DAY;
/** An item made from the demo catalog: description, size, and the SKU (the 6-digit model and the size). */
const ITEM_LINE = /^[A-Z ]+ (\d{2}) \d{6}\1$/;

describe("the demo chain", () => {
  it("has a dozen stores on the company's domain, each with its notification rule", () => {
    expect(data.stores).toHaveLength(12);
    expect(data.stores.map((s) => s.username)).toEqual(expect.arrayContaining(["Loja Curitiba Centro", "Loja Batel", "Loja Joinville Garten"]));
    expect(data.stores.every((s) => s.email.endsWith(`@${t.config.companyEmailDomain}`))).toBe(true);
    expect(data.rules.map((r) => r.store).sort()).toEqual(data.stores.map((s) => s.username).sort());
  });

  it("names supervisors, managers and assistant managers that exist as recipients", () => {
    const byName = new Map(data.recipients.map((r) => [r.username, r.role]));
    expect(new Set(byName.values())).toEqual(new Set(["Supervisor", "Gerente", "Subgerente"]));
    expect(data.recipients.every((r) => r.email.endsWith(`@${t.config.companyEmailDomain}`))).toBe(true);
    for (const rule of data.rules) {
      expect(byName.get(rule.supervisor)).toBe("Supervisor");
      expect(byName.get(rule.manager)).toBe("Gerente");
      if (rule.assistantManager !== null) expect(byName.get(rule.assistantManager)).toBe("Subgerente");
    }
    expect(data.rules.some((r) => r.assistantManager === null)).toBe(true);
  });

  it("spreads some hundreds of lists, pickups and returns over the last 60 days", () => {
    expect(data.picklists.length).toBeGreaterThan(200);
    expect(data.pickups.length).toBeGreaterThan(200);
    expect(data.returns.length).toBeGreaterThan(100);
    expect(data.picklists.every((p) => inDemoWindow(p.sendDate))).toBe(true);
    expect(data.pickups.every((p) => inDemoWindow(p.orderDispatchDate))).toBe(true);
    expect(data.returns.every((r) => inDemoWindow(r.dateOfCreation))).toBe(true);
    const storeNames = new Set(data.stores.map((s) => s.username));
    expect(data.picklists.every((p) => storeNames.has(p.destination))).toBe(true);
    expect(data.pickups.every((p) => storeNames.has(p.pickupStoreName))).toBe(true);
  });

  it("shows every status of each flow", () => {
    expect(new Set(data.picklists.map((p) => p.currentStatus))).toEqual(new Set(PICKLIST_STATUSES));
    expect(new Set(data.pickups.map((p) => p.pickupStatus))).toEqual(new Set(PICKUP_STATUSES));
    expect(new Set(data.returns.map((r) => r.returnStatus))).toEqual(new Set(RETURN_STATUSES));
  });

  it("fills today's screens with lists not started and in progress", () => {
    const today = startOfDayIn(todayIn(t.config.timezone), t.config.timezone);
    const todays = data.picklists.filter((p) => p.sendDate >= today);
    expect(todays.filter((p) => p.currentStatus === "Não iniciado").length).toBeGreaterThan(0);
    expect(todays.filter((p) => p.currentStatus === "Em andamento").length).toBeGreaterThan(0);
  });
});

describe("demo picklists", () => {
  it("follow the picklist's states", () => {
    for (const p of data.picklists) {
      expect(p.listItems.length).toBeGreaterThan(0);
      if (p.currentStatus === "Não iniciado") {
        expect([p.timeStarted, p.timeCompleted, p.numberTransfer]).toEqual([null, null, null]);
        continue;
      }
      expect(p.timeStarted!.getTime()).toBeGreaterThanOrEqual(p.sendDate.getTime());
      expect([...p.completedItems, ...p.uncompletedItems].sort()).toEqual([...p.listItems].sort());
      if (p.currentStatus === "Em andamento") {
        expect(p.timeCompleted).toBeNull();
      } else {
        expect(p.timeStarted!.getTime()).toBeLessThan(p.timeCompleted!.getTime());
        expect(p.timeCompleted!.getTime()).toBeLessThanOrEqual(Date.now());
      }
      if (p.currentStatus === "Concluído") expect(p.numberTransfer).toMatch(/^\d{6}$/);
      if (p.currentStatus === "Não concluído") {
        expect(p.completedItems).toEqual([]);
        expect(p.numberTransfer).toBeNull();
      }
    }
  });

  it("include finished lists with items not found", () => {
    expect(data.picklists.some((p) => p.currentStatus === "Concluído" && p.uncompletedItems.length > 0)).toBe(true);
  });

  it("carry shoe lines whose code the copy button picks", () => {
    const lines = data.picklists.flatMap((p) => p.listItems);
    expect(lines.every((line) => ITEM_LINE.test(line))).toBe(true);
    expect(copyValue("TENIS CASUAL COURO MASC PRETO 41 48291341", "code")).toBe("482913");
    expect(lines.every((line) => /^\d{6}$/.test(copyValue(line, "code")))).toBe(true);
  });
});

describe("the demo catalog", () => {
  it("has a few hundred models in every size of their range, with valid EAN-13s of Brazil's prefix", async () => {
    const catalog = await t.database.db.select().from(products);
    const eans = await t.database.db.select().from(productEans);
    expect(new Set(catalog.map((p) => p.reference)).size).toBe(DEMO_MODELS);
    expect(new Set(catalog.map((p) => Number(p.size)))).toEqual(new Set(Array.from({ length: 12 }, (_, i) => 33 + i)));
    expect(catalog.every((p) => p.sku === `${p.reference}${p.size}` && p.active)).toBe(true);
    expect(eans).toHaveLength(catalog.length);
    expect(eans.every((e) => /^789\d{10}$/.test(e.ean) && gtinValid(e.ean))).toBe(true);
  });

  it("is where the lists', pickups' and returns' items come from", async () => {
    const skus = new Set((await t.database.db.select({ sku: products.sku }).from(products)).map((p) => p.sku));
    const items = [...data.picklists.flatMap((p) => p.listItems), ...data.pickups.flatMap((p) => p.orderItems), ...data.returns.flatMap((r) => r.returnItems)];
    expect(items.every((item) => skus.has(skuOfItem(item)))).toBe(true);
  });
});

describe("demo pickups", () => {
  it("follow the pickup's states", () => {
    for (const p of data.pickups) {
      const byPost = p.pickupType === "Envio realizado via Correios";
      expect(["Envio realizado via Correios", "Disponível na loja"]).toContain(p.pickupType);
      expect(p.trackingCode).toMatch(byPost ? /^[A-Z]{2}\d{9}BR$/ : /^[A-Z0-9]{6}$/);
      if (p.pickupStatus === "Em trânsito") {
        expect(byPost).toBe(true);
        expect([p.orderReceivedAtStoreDate, p.actualPickupDate]).toEqual([null, null]);
      }
      if (byPost && p.pickupStatus !== "Em trânsito") {
        expect(p.orderReceivedAtStoreDate!.getTime()).toBeGreaterThan(p.orderDispatchDate.getTime());
      }
      if (p.pickupStatus === "Aguardando retirada") {
        expect(p.actualPickupDate).toBeNull();
        expect(p.waitingSince).toEqual(p.orderReceivedAtStoreDate ?? p.orderDispatchDate);
      } else {
        expect(p.waitingSince).toBeNull();
      }
      if (p.pickupStatus === "Pedido retirado") {
        const ready = p.orderReceivedAtStoreDate ?? p.orderDispatchDate;
        expect(p.actualPickupDate!.getTime()).toBeGreaterThan(ready.getTime());
        expect(p.actualPickupDate!.getTime()).toBeLessThanOrEqual(Date.now());
      }
    }
  });

  it("have valid customers, 16-character order numbers and items", () => {
    for (const p of data.pickups) {
      expect(isValidCpf(p.customerCPF)).toBe(true);
      expect(phoneSchema.safeParse(p.customerPhone).success).toBe(true);
      expect(orderNumberSchema.safeParse(p.orderNumber).success).toBe(true);
      expect(p.orderItems.length).toBeGreaterThan(0);
      expect(p.orderItems.every((line) => ITEM_LINE.test(line))).toBe(true);
      if (p.authorizedThirdPartyPickup) {
        expect(p.authorizedThirdPartyFullName!.length).toBeGreaterThanOrEqual(3);
        expect(isValidCpf(p.authorizedThirdPartyCPF!)).toBe(true);
      } else {
        expect([p.authorizedThirdPartyFullName, p.authorizedThirdPartyCPF]).toEqual([null, null]);
      }
    }
    expect(data.pickups.some((p) => p.authorizedThirdPartyPickup)).toBe(true);
  });

  it("point at an invoice that is a stored PDF", async () => {
    expect(new Set(data.pickups.map((p) => p.invoiceFileName))).toEqual(new Set([DEMO_INVOICE_FILE_NAME]));
    const [invoice] = await t.database.db.select().from(uploads).where(eq(uploads.name, DEMO_INVOICE_FILE_NAME));
    expect(invoice).toMatchObject({ contentType: "application/pdf", size: invoice!.content.byteLength });
    const text = Buffer.from(invoice!.content).toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.endsWith("%%EOF\n")).toBe(true);
    const xref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe("xref");
  });
});

describe("demo returns", () => {
  it("follow the return's states", () => {
    for (const r of data.returns) {
      expect(isValidCpf(r.customerCPF)).toBe(true);
      expect(orderNumberSchema.safeParse(r.orderNumber).success).toBe(true);
      expect(r.returnItems.length).toBeGreaterThan(0);
      switch (r.returnStatus) {
        case "Devolução pendente":
        case "Devolução expirada":
          expect([r.returnStore, r.dateOfReturn, r.dateOfTransfer, r.transferNumber, r.reasonForRefusal]).toEqual([null, null, null, null, ""]);
          break;
        case "Devolvido em loja física":
          expect(r.returnStore).not.toBeNull();
          expect(r.dateOfReturn!.getTime()).toBeGreaterThan(r.dateOfCreation.getTime());
          expect([r.dateOfTransfer, r.transferNumber, r.reasonForRefusal]).toEqual([null, null, ""]);
          break;
        case "Devolução concluída":
          expect(r.returnStore).not.toBeNull();
          expect(r.dateOfReturn!.getTime()).toBeGreaterThan(r.dateOfCreation.getTime());
          expect(r.dateOfTransfer!.getTime()).toBeGreaterThan(r.dateOfReturn!.getTime());
          expect(r.transferNumber).toMatch(/^\d{6}$/);
          break;
        case "Devolução recusada":
          expect(r.returnStore).not.toBeNull();
          expect(REFUSAL_REASONS.map((reason) => reason.label)).toContain(r.reasonForRefusal);
          expect([r.dateOfReturn, r.dateOfTransfer]).toEqual([null, null]);
          break;
      }
    }
  });

  it("expire only after 30 days, and leave some older ones still pending", () => {
    const age = (r: { dateOfCreation: Date }) => (Date.now() - r.dateOfCreation.getTime()) / DAY;
    const expired = data.returns.filter((r) => r.returnStatus === "Devolução expirada");
    expect(expired.every((r) => age(r) > RETURN_EXPIRY_DAYS)).toBe(true);
    expect(data.returns.some((r) => r.returnStatus === "Devolução pendente" && age(r) > RETURN_EXPIRY_DAYS)).toBe(true);
  });
});

describe("the demo through the API", () => {
  it("is served whole to the administrator", async () => {
    for (const [url, key, rows] of [
      ["/api/picklist/get", "picklists", data.picklists],
      ["/api/pickup/get", "pickups", data.pickups],
      ["/api/return/get", "returns", data.returns],
      ["/api/recipients/get", "recipients", data.recipients],
      ["/api/notifications/get", "notifications", data.rules],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url, headers: bearer(t.adminToken) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()[key], url).toHaveLength(rows.length);
    }
  });

  it("gives a store its own lists and pickups, and the invoice of one of them", async () => {
    const store = data.stores.find((s) => s.username === "Loja Batel")!;
    const token = await t.login(store.email, DEMO_STORE_PASSWORD);
    const lists = await t.app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(token) });
    expect(lists.json().picklists).toHaveLength(data.picklists.filter((p) => p.destination === store.username).length);
    const own = await t.app.inject({ method: "GET", url: "/api/pickup/get", headers: bearer(token) });
    const ownPickups = own.json().pickups as { id: string; customerCPF: string }[];
    expect(ownPickups).toHaveLength(data.pickups.filter((p) => p.pickupStoreName === store.username).length);
    expect(ownPickups[0]!.customerCPF).toMatch(/^\*\*\*\.\*\*\*\.\d{3}-\d{2}$/);

    const invoice = await t.app.inject({ method: "GET", url: `/uploads/${DEMO_INVOICE_FILE_NAME}`, headers: bearer(token) });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-type"]).toBe("application/pdf");
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("lets a store check a demo customer's CPF at the counter", async () => {
    const pickup = data.pickups.find((p) => p.pickupStatus === "Aguardando retirada")!;
    const store = data.stores.find((s) => s.username === pickup.pickupStoreName)!;
    const token = await t.login(store.email, DEMO_STORE_PASSWORD);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/pickup/check-withdrawal/${pickup.id}`,
      headers: bearer(token),
      payload: { withdrawalCPF: pickup.customerCPF },
    });
    expect(res.json()).toMatchObject({ authorized: true, name: pickup.customerFullName, title: "Autorizado!" });
  });
});

describe("loading the demo", () => {
  it("lets every store sign in with the demo password", async () => {
    for (const store of data.stores.slice(0, 3)) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: store.email, password: DEMO_STORE_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ username: store.username, role: STORE });
    }
  });

  it("lets its Supervisor sign in and read the three stores of its region, side by side", async () => {
    expect(data.supervisors).toHaveLength(1);
    const supervisor = data.supervisors[0]!;
    expect(supervisor.email).toBe(`supervisor@${t.config.companyEmailDomain}`);
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: supervisor.email, password: DEMO_STORE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json();
    expect(user).toMatchObject({ username: supervisor.username, role: "Supervisor" });
    const metrics = await t.app.inject({ method: "GET", url: "/api/metrics/stores", headers: { authorization: `Bearer ${token}` } });
    expect(metrics.json().stores.map((s: { store: string }) => s.store)).toEqual(["Loja Londrina Catuaí", "Loja Maringá Centro", "Loja Ponta Grossa"]);
  });

  it("tells the same story from the same seed", () => {
    const opts = { company: { name: t.config.companyName, emailDomain: t.config.companyEmailDomain }, timezone: t.config.timezone };
    const first = buildDemoChain({ ...opts, now: new Date("2025-03-10T15:00:00Z") });
    const again = buildDemoChain({ ...opts, now: new Date("2025-03-10T15:00:00Z") });
    expect(again).toEqual(first);
    expect(buildDemoChain(opts).pickups.map((p) => p.orderNumber)).toEqual(first.pickups.map((p) => p.orderNumber));
    expect(data.stores.map((s) => s.username).sort()).toEqual(first.stores.map((s) => s.username).sort());
    expect(data.pickups.map((p) => p.orderNumber).sort()).toEqual(first.pickups.map((p) => p.orderNumber).sort());
    expect(data.returns.map((r) => r.orderNumber).sort()).toEqual(first.returns.map((r) => r.orderNumber).sort());
    const other = buildDemoChain({ ...opts, seed: DEMO_SEED + 1 });
    expect(other.pickups.map((p) => p.orderNumber)).not.toEqual(first.pickups.map((p) => p.orderNumber));
  });

  it("happens once: a restart on the same database adds nothing", async () => {
    await prepareDatabase(t.database, t.config, pino({ level: "silent" }));
    expect(await t.database.db.$count(picklists)).toBe(data.picklists.length);
    expect(await t.database.db.$count(users)).toBe(data.stores.length + data.supervisors.length + 1);
  });
});
