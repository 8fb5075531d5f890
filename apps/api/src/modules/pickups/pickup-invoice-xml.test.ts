import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pickups, uploads } from "../../db/schema/index.js";
import { NFE_SAMPLE, nfeXmlUpload } from "../../testing/nfe-sample.js";
import { pickupsKit } from "../../testing/pickups.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

let storeA: { username: string; token: string; id: string };
let storeB: { username: string; token: string; id: string };

const { create, createPickup, update, getById, confirmReceiptAs } = pickupsKit(t, () => ({ pickupStoreName: storeA.username, invoiceFileName: "" }));

const PAIR = { error: "Envie no máximo um PDF e um XML da NF-e." };

async function uploadXml(xml = NFE_SAMPLE): Promise<string> {
  const upload = await nfeXmlUpload(xml);
  const res = await t.app.inject({ method: "POST", url: "/api/uploads/nfe", headers: { ...bearer(t.adminToken), ...upload.headers }, payload: upload.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().filename;
}

/** A pickup of storeA that keeps both files of its NF-e. */
async function pickupWithBoth() {
  const pdf = await t.uploadInvoice();
  const xml = await uploadXml();
  const pickup = await createPickup({ invoiceFileName: pdf, invoiceXmlFileName: xml });
  return { pickup, pdf, xml };
}

const open = (name: string, token?: string, query = "") =>
  t.app.inject({ method: "GET", url: `/uploads/${name}${query}`, headers: token ? bearer(token) : {} });

const stored = async (names: string[]) => (await t.database.db.select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, names))).map((row) => row.name);

beforeAll(async () => {
  storeA = await t.createStore("Loja Dois Arquivos");
  storeB = await t.createStore("Loja Vizinha");
});

describe("a pickup with both files of its NF-e", () => {
  it("keeps the PDF in invoiceFileName and the XML in invoiceXmlFileName, for the office and the store alike", async () => {
    const { pickup, pdf, xml } = await pickupWithBoth();
    expect(pickup).toMatchObject({ invoiceFileName: pdf, invoiceXmlFileName: xml });
    expect((await getById(pickup.id, t.adminToken)).json().pickup).toMatchObject({ invoiceFileName: pdf, invoiceXmlFileName: xml });
    expect((await getById(pickup.id, storeA.token)).json().pickup).toMatchObject({ invoiceFileName: pdf, invoiceXmlFileName: xml });
  });

  it("keeps invoiceXmlFileName null when only one file is given, the PDF or the XML", async () => {
    const onlyPdf = await createPickup({ invoiceFileName: await t.uploadInvoice() });
    expect(onlyPdf.invoiceXmlFileName).toBeNull();
    const xml = await uploadXml();
    const onlyXml = await createPickup({ invoiceFileName: xml, invoiceXmlFileName: "" });
    expect(onlyXml).toMatchObject({ invoiceFileName: xml, invoiceXmlFileName: null });
  });

  it("serves the XML, and its DANFE, only to those who may see the pickup: the office and its store", async () => {
    const { pdf, xml } = await pickupWithBoth();
    const asStore = await open(xml, storeA.token);
    expect(asStore.statusCode).toBe(200);
    expect(asStore.headers["content-type"]).toMatch(/^application\/xml/);
    expect(asStore.body).toBe(NFE_SAMPLE);
    const danfe = await open(xml, storeA.token, "?format=pdf");
    expect(danfe.statusCode).toBe(200);
    expect(danfe.headers["content-type"]).toBe("application/pdf");
    expect(danfe.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await open(xml, t.adminToken)).statusCode).toBe(200);
    // The PDF is still the invoice the counter prints, served as it is.
    expect((await open(pdf, storeA.token)).headers["content-type"]).toBe("application/pdf");

    // Another store: the files do not exist, as today's invoice does not; nobody signed in: 401.
    for (const name of [xml, pdf]) {
      expect((await open(name, storeB.token)).statusCode).toBe(404);
      expect((await open(name, storeB.token, "?format=pdf")).statusCode).toBe(404);
      expect((await open(name)).statusCode).toBe(401);
      const ticket = await t.app.inject({ method: "POST", url: "/api/uploads/ticket", headers: bearer(storeB.token), payload: { name } });
      expect(ticket.statusCode).toBe(404);
    }
    const ticket = await t.app.inject({ method: "POST", url: "/api/uploads/ticket", headers: bearer(storeA.token), payload: { name: xml } });
    expect(ticket.statusCode).toBe(200);
    const viaTicket = await t.app.inject({ method: "GET", url: `${ticket.json().url}&format=pdf` });
    expect(viaTicket.statusCode).toBe(200);
    expect(viaTicket.headers["content-type"]).toBe("application/pdf");
  });

  it("refuses two PDFs, two XMLs, an XML as the invoice beside another, and an XML nobody uploaded, writing nothing", async () => {
    const before = await t.database.db.$count(pickups);
    const pdf = await t.uploadInvoice();
    const otherPdf = await t.uploadInvoice();
    const xml = await uploadXml();
    const otherXml = await uploadXml();
    const cases: [Record<string, unknown>, object][] = [
      [{ invoiceFileName: pdf, invoiceXmlFileName: otherPdf }, PAIR],
      [{ invoiceFileName: xml, invoiceXmlFileName: otherXml }, PAIR],
      [{ invoiceFileName: xml, invoiceXmlFileName: pdf }, PAIR],
      [{ invoiceFileName: xml, invoiceXmlFileName: xml }, PAIR],
      [{ invoiceFileName: pdf, invoiceXmlFileName: "0b7e4c1a-8a57-4c52-9f0e-2a8f0f6d1c33.xml" }, { error: "O XML da NF-e não foi encontrado. Envie-o de novo." }],
      [{ invoiceFileName: pdf, invoiceXmlFileName: 42 }, { error: "O XML da NF-e não foi encontrado. Envie-o de novo." }],
      [{ invoiceFileName: pdf, invoiceXmlFileName: "x".repeat(201) }, { error: "O XML da NF-e não foi encontrado. Envie-o de novo." }],
    ];
    const { form } = pickupsKit(t, () => ({ pickupStoreName: storeA.username, invoiceFileName: pdf }));
    for (const [files, answer] of cases) {
      const res = await create(form(files));
      expect(res.statusCode, JSON.stringify(files)).toBe(400);
      expect(res.json()).toEqual(answer);
    }
    expect(await t.database.db.$count(pickups)).toBe(before);
  });

  it("keeps both files through an edit and the store's confirmation, and refuses to change either", async () => {
    const { pickup, pdf, xml } = await pickupWithBoth();
    const edited = await update(pickup.id, { ...pickup, customerPhone: "(41) 98888-7777" }, t.adminToken);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().pickup).toMatchObject({ customerPhone: "(41) 98888-7777", invoiceFileName: pdf, invoiceXmlFileName: xml });

    const unchanged = { error: "A nota fiscal do pedido não pode ser alterada." };
    const otherXml = await uploadXml();
    const swap = await update(pickup.id, { ...pickup, invoiceXmlFileName: otherXml }, t.adminToken);
    expect(swap.statusCode).toBe(400);
    expect(swap.json()).toEqual(unchanged);
    const cleared = await update(pickup.id, { ...pickup, invoiceXmlFileName: null }, t.adminToken);
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual(unchanged);

    // A store sends its view back whole, the XML's name with it.
    const received = await confirmReceiptAs(storeA.token, pickup.id);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().pickup).toMatchObject({ pickupStatus: "Aguardando retirada", invoiceFileName: pdf, invoiceXmlFileName: xml });
  });

  it("removes both files with the pickup when no other pickup points at them", async () => {
    const { pickup, pdf, xml } = await pickupWithBoth();
    const kept = await pickupWithBoth();
    const res = await t.app.inject({ method: "DELETE", url: `/api/pickup/delete/${pickup.id}`, headers: bearer(t.adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored([pdf, xml])).toEqual([]);
    expect((await stored([kept.pdf, kept.xml])).sort()).toEqual([kept.pdf, kept.xml].sort());
    const [row] = await t.database.db.select().from(pickups).where(eq(pickups.id, kept.pickup.id));
    expect(row?.invoiceXmlFileName).toBe(kept.xml);
  });
});
