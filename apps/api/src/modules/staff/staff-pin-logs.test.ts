import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app/app.js";
import { prepareDatabase } from "../../bootstrap.js";
import type { Database } from "../../db/client.js";
import { auditLog } from "../../db/schema/index.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STORE, STORE_PASSWORD, bearer, openTestDatabase, testConfig } from "../../testing/test-app.js";
import { createLogger } from "../audit/logger.js";
import { createUser } from "../users/users.service.js";

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

async function login(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  return res.json().token;
}

describe("a staff PIN", () => {
  it("never appears in a log line or an audit line, right or wrong, in a body or a URL", async () => {
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const user = await createUser(database.db, { username: "Loja Sigilo", email: "loja.sigilo@passo.test", password: STORE_PASSWORD, role: STORE });
    const store = await login("loja.sigilo@passo.test", STORE_PASSWORD);
    const call = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

    await call(admin, "PUT", `/api/users/update/${user.id}`, { requireStaffPin: true });
    const manager = await call(admin, "POST", "/api/staff/create", { name: "Quitéria", store: "Loja Sigilo", pin: "918273", manager: true });
    expect(manager.statusCode).toBe(201);
    await call(store, "GET", "/api/staff/get?staffPin=918273");
    await call(store, "GET", "/api/staff/get?store=Loja%20Sigilo&staffPin=564738");
    const clerk = await call(store, "POST", "/api/staff/create", { name: "Rui", store: "Loja Sigilo", pin: "192837", staffPin: "918273" });
    await call(store, "PUT", `/api/staff/update/${clerk.json().staff.id}`, { pin: "283746", staffPin: "918273" });
    await call(store, "DELETE", `/api/staff/delete/${clerk.json().staff.id}?staffPin=918273`);
    const list = (await call(admin, "POST", "/api/picklist/create", { destination: "Loja Sigilo", listItems: ["MEIA 39 1"] })).json().picklist;
    await call(store, "PUT", `/api/picklist/update/${list.id}`, { currentStatus: "Em andamento", staffPin: "564738" });
    await call(store, "PUT", `/api/picklist/update/${list.id}`, { currentStatus: "Em andamento", staffPin: "918273" });

    const text = lines.join("");
    expect(text).toContain("/api/staff/get?staffPin=[oculto]");
    for (const pin of ["918273", "564738", "192837", "283746"]) {
      expect(text).not.toContain(pin);
      expect(JSON.stringify(await database.db.select().from(auditLog))).not.toContain(pin);
    }
  });
});
