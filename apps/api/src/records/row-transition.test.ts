import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, picklists } from "../db/schema/index.js";
import { auditRow } from "./audit.js";
import { pickupsKit } from "../testing/pickups.js";
import { bearer, useTestApp } from "../testing/test-app.js";
import { transitionRow } from "./row-transition.js";

const t = useTestApp();

let store: { username: string; token: string; id: string };
let invoice: string;
const { createPickup, update } = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice }));

beforeAll(async () => {
  store = await t.createStore("Loja Otimista");
  invoice = await t.uploadInvoice();
});

async function newList(item: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/picklist/create",
    headers: bearer(t.adminToken),
    payload: { destination: store.username, listItems: [item] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().picklist.id;
}

const system = null;

/**
 * A move that writes back the whole row it read, as the services do, with a transfer number naming
 * its attempt, an audit row and an e-mail; `meanwhile` runs in the middle of an attempt, before its write.
 */
function rewrite(id: string, seen: { status: string; transfer: string | null; reader: unknown }[], meanwhile: (attempt: number) => Promise<void>) {
  return transitionRow(t.database.db, {
    table: picklists,
    id,
    now: new Date(),
    notFound: () => new Error("not found"),
    async decide(row, reader) {
      seen.push({ status: row.currentStatus, transfer: row.numberTransfer, reader });
      const attempt = seen.length;
      await meanwhile(attempt);
      const { id: _id, ...fields } = row;
      const next = { ...fields, numberTransfer: `tentativa ${attempt}` };
      return {
        write: {
          set: next,
          audit: auditRow(system, "picklist", id, "update", row, { ...row, ...next }),
          emails: [{ eventKey: `teste:${id}:${attempt}`, kind: "picklist-alert", recordId: id, to: ["loja@passo.test"], subject: "s", html: "<p>h</p>" }],
        },
        answer: (saved) => saved,
      };
    },
  });
}

const auditOf = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.at);
const emailsOf = (id: string) => t.database.db.select({ eventKey: emailOutbox.eventKey }).from(emailOutbox).where(like(emailOutbox.eventKey, `teste:${id}:%`));

describe("a move judged on the row as read (records/row-transition.ts)", () => {
  it("loses to a change made meanwhile, is judged again on the row that change left, and overwrites nothing", async () => {
    const id = await newList("TENIS CORRIDA OTIMISTA 111111-11");
    const seen: { status: string; transfer: string | null; reader: unknown }[] = [];
    const saved = await rewrite(id, seen, async (attempt) => {
      if (attempt !== 1) return;
      const start = await t.app.inject({ method: "PUT", url: `/api/picklist/update/${id}`, headers: bearer(store.token), payload: { currentStatus: "Em andamento" } });
      expect(start.statusCode, start.body).toBe(200);
    });

    expect(seen.map((s) => s.status)).toEqual(["Não iniciado", "Em andamento"]);
    // The start made meanwhile stays: the first attempt's write of the stale row never happened.
    expect(saved).toMatchObject({ currentStatus: "Em andamento", numberTransfer: "tentativa 2" });
    const [stored] = await t.database.db.select().from(picklists).where(eq(picklists.id, id));
    expect(stored).toEqual(saved);
    // Nor did its audit row or its e-mail: only the attempt that wrote left them.
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["create", "start", "update"]);
    expect(audit[2]!.changes).toEqual({ numberTransfer: { from: null, to: "tentativa 2" } });
    expect(await emailsOf(id)).toEqual([{ eventKey: `teste:${id}:2` }]);
  });

  it("after three lost races takes the row's lock, and is judged on the row with every change made meanwhile", async () => {
    const id = await newList("TENIS CORRIDA TRAVADA 222222-22");
    const seen: { status: string; transfer: string | null; reader: unknown }[] = [];
    const saved = await rewrite(id, seen, async (attempt) => {
      if (attempt > 3) return;
      await t.database.db
        .update(picklists)
        .set({ numberTransfer: `outro ${attempt}` })
        .where(eq(picklists.id, id));
    });

    expect(seen.map((s) => s.transfer)).toEqual([null, "outro 1", "outro 2", "outro 3"]);
    // The first three read and judged outside any transaction, the fourth inside the lock's.
    expect(seen.slice(0, 3).every((s) => s.reader === t.database.db)).toBe(true);
    expect(seen[3]!.reader).not.toBe(t.database.db);
    expect(saved.numberTransfer).toBe("tentativa 4");
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit[1]!.changes).toEqual({ numberTransfer: { from: "outro 3", to: "tentativa 4" } });
    expect(await emailsOf(id)).toEqual([{ eventKey: `teste:${id}:4` }]);
  });

  it("answers the service's not found when the row is gone", async () => {
    const id = await newList("TENIS SUMIDO 333333-33");
    await t.database.db.delete(picklists).where(eq(picklists.id, id));
    await expect(rewrite(id, [], async () => {})).rejects.toThrow("not found");
  });
});

describe("two moves on one pickup at once", () => {
  it("a store's receipt and an administrator's edit both count, each with its own audit row and the customer's one e-mail", async () => {
    const created = await Promise.all(Array.from({ length: 6 }, () => createPickup()));
    const answers = await Promise.all(
      created.flatMap((pickup: { id: string }) => [
        update(pickup.id, { pickupStatus: "Aguardando retirada" }, store.token),
        update(pickup.id, { customerPhone: "(41) 98888-7777" }, t.adminToken),
      ]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    for (const pickup of created as { id: string }[]) {
      const stored = await t.app.inject({ method: "GET", url: `/api/pickup/getId/${pickup.id}`, headers: bearer(t.adminToken) });
      expect(stored.json().pickup).toMatchObject({ pickupStatus: "Aguardando retirada", customerPhone: "(41) 98888-7777" });
      const audit = await auditOf(pickup.id);
      const byAction = Object.fromEntries(audit.map((a) => [a.action, a.changes]));
      expect(audit).toHaveLength(3);
      // Masked as every audit row masks personal data.
      expect(byAction.update).toEqual({ customerPhone: { from: "(**) *****-9999", to: "(**) *****-7777" } });
      expect(Object.keys(byAction["confirm-receipt"]!).sort()).toEqual(["orderReceivedAtStoreDate", "pickupStatus", "waitingSince"]);
      const emails = await t.database.db
        .select({ kind: emailOutbox.kind })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.recordId, pickup.id)));
      expect(emails).toEqual([{ kind: "pickup-ready" }]);
    }
  });
});
