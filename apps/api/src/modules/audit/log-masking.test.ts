import { Writable } from "node:stream";
import { todayIn } from "@passo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app/app.js";
import { prepareDatabase } from "../../bootstrap.js";
import type { Database } from "../../db/client.js";
import { returns } from "../../db/schema/index.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STORE, STORE_PASSWORD, TINY_PDF as PDF, bearer, openTestDatabase, testConfig } from "../../testing/test-app.js";
import { createUser } from "../users/users.service.js";
import { createLogger } from "./logger.js";
import { maskEmail, maskPersonalText, maskPhone } from "../../records/mask.js";


/** Customers' personal data as sent, in every spelling that must never reach a log line. */
const PERSONAL = ["52998224725", "529.982.247-25", "11144477735", "111.444.777-35", "99876-5432", "998765432", "maria.cliente@example.com"];

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: App;
let database: Database;
const config = testConfig({ logLevel: "trace" });
const logger = createLogger("trace", capture);

beforeAll(async () => {
  database = await openTestDatabase();
  await prepareDatabase(database, config, logger);
  app = await buildApp({ config, database, logger });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function call(method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) {
  return app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function login(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

describe("the server's logs", () => {
  it("never carry a customer's CPF, phone or e-mail, even at trace level", async () => {
    const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await createUser(database.db, { username: "Loja Log", email: "loja.log@passo.test", password: STORE_PASSWORD, role: STORE });
    const storeToken = await login("loja.log@passo.test", STORE_PASSWORD);

    const form = new FormData();
    form.append("invoiceFileName", new Blob([PDF], { type: "application/pdf" }), "nota.pdf");
    const body = new Response(form);
    const upload = await app.inject({
      method: "POST",
      url: "/api/uploads/nfe",
      headers: { ...bearer(adminToken), "content-type": body.headers.get("content-type")! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(201);

    const pickup = await call("POST", "/api/pickup/create", adminToken, {
      pickupStoreName: "Loja Log",
      scheduledPickupDate: todayIn(config.timezone),
      pickupType: "Disponível na loja",
      orderNumber: "PED0000000000001",
      trackingCode: "TR0001",
      invoiceFileName: upload.json().filename,
      customerFullName: "Maria da Silva",
      customerCPF: "529.982.247-25",
      customerPhone: "(41) 99876-5432",
      customerEmail: "maria.cliente@example.com",
      authorizedThirdPartyPickup: true,
      authorizedThirdPartyFullName: "João Souza",
      authorizedThirdPartyCPF: "111.444.777-35",
      orderItems: ["TENIS RUNNER 42 123456-7X"],
    });
    expect(pickup.statusCode).toBe(201);
    const pickupId = pickup.json().pickup.id;

    const returnOrder = await call("POST", "/api/return/create", adminToken, {
      orderNumber: "PED0000000000002",
      customerFullName: "Maria da Silva",
      customerCPF: "52998224725",
      customerPhone: "(41) 99876-5432",
      customerEmail: "maria.cliente@example.com",
      returnItems: ["TENIS RUNNER 42 123456-7X"],
    });
    expect(returnOrder.statusCode).toBe(201);

    for (const search of ["529.982.247-25", "52998224725"]) {
      expect((await call("GET", `/api/pickup/get?search=${encodeURIComponent(search)}`, storeToken)).statusCode).toBe(200);
      expect((await call("GET", `/api/return/get?search=${encodeURIComponent(search)}`, storeToken)).statusCode).toBe(200);
      expect((await call("GET", `/api/pickup/get?search=${encodeURIComponent(search)}&page=1&pageSize=10`, adminToken)).statusCode).toBe(200);
    }
    const check = await call("POST", `/api/pickup/check-withdrawal/${pickupId}`, storeToken, { withdrawalCPF: "111.444.777-35" });
    expect(check.statusCode).toBe(200);
    const refused = await call("PUT", `/api/pickup/update/${pickupId}`, storeToken, { pickupStatus: "Pedido retirado", withdrawalCPF: "98765432100" });
    expect(refused.statusCode).toBe(403);
    const collected = await call("PUT", `/api/pickup/update/${pickupId}`, storeToken, { pickupStatus: "Pedido retirado", withdrawalCPF: "52998224725" });
    expect(collected.statusCode).toBe(200);

    // A database error quotes the failed query's values: here a second return with the same id.
    const { id } = returnOrder.json().return;
    const failure = await database.db
      .insert(returns)
      .values({ id, orderNumber: "PED0000000000003", customerFullName: "Maria da Silva", customerCPF: "52998224725", customerPhone: "(41) 99876-5432", customerEmail: "maria.cliente@example.com", returnItems: ["X"] })
      .then(() => undefined, (err: unknown) => err);
    expect(String(failure)).toContain("52998224725");
    app.log.error({ err: failure }, "unexpected error");

    const log = lines.join("");
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain("incoming request");
    expect(log).toContain("***.***.247-25");
    for (const value of PERSONAL) expect(log).not.toContain(value);
  });
});

describe("masking free text", () => {
  it("masks CPFs, phones and e-mails, and leaves ids, order numbers and timestamps alone", () => {
    expect(maskPersonalText("cpf 529.982.247-25 e 52998224725")).toBe("cpf ***.***.247-25 e ***.***.247-25");
    expect(maskPersonalText("tel (41) 99876-5432, 4133334444")).toBe("tel (**) *****-5432, ******4444");
    expect(maskPersonalText("para maria.cliente@example.com")).toBe("para m***@example.com");
    const untouched = '{"time":1763790000000,"reqId":"req-1","id":"446655440000-4d0e-9a55","order":"PED0000000000001","code":"AA123456789BR"}';
    expect(maskPersonalText(untouched)).toBe(untouched);
    expect(maskPhone("(41)99999-1234")).toBe("(**)*****-1234");
    expect(maskEmail("semarroba")).toBe("***");
  });
});
