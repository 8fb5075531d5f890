// The bench's writes: their floor (the SQL the API runs for each, straight on the database, on
// records set aside for it) and their HTTP runs (one client, then all of them). Used by bench/run.mjs.
import { randomUUID } from "node:crypto";

const ITEMS = ["TENIS RUNNER MESH MASC PRETO 41 1234567A", "BOTA CHELSEA FEM CARAMELO 36 7654321B"];
/** Records each write's floor takes for itself (3 warm-ups and up to FLOOR_WRITES timed runs). */
const FLOOR_WRITES = 200;
const FLOOR_RECORDS = FLOOR_WRITES + 3;

/**
 * The API's statements for each write, as its services send them (read off PostgreSQL's statement log
 * of a bench run): a change is the row read with its `xmin`, then one statement that updates the row
 * only if nobody changed it meanwhile and writes its audit line (and the customer's e-mail, its body
 * to be drawn at send time) with it.
 */
const SQL = {
  create: `WITH saved AS (
  INSERT INTO picklists (id, sender, destination, list_items, send_date, current_status, updated_at)
  SELECT $1::uuid, $2, users.username, array(SELECT json_array_elements_text($3::json)), $4::timestamptz, 'Não iniciado', $4::timestamptz
  FROM users WHERE users.username = $5 AND users.role = 'Usuário básico'
  RETURNING id, number),
audit AS (
  INSERT INTO audit_log (actor_id, actor_name, actor_role, entity, entity_id, action, changes)
  SELECT $6::uuid, 'Administrador', 'Administrador', 'picklist', saved.id, 'create', $7::jsonb FROM saved)
SELECT saved.id, saved.number FROM saved`,
  readPicklist: "SELECT *, xmin::text AS row_version FROM picklists WHERE id = $1",
  start: `WITH saved AS (
  UPDATE picklists SET current_status = 'Em andamento', time_started = $3, updated_at = $3 WHERE id = $1 AND xmin = $2::xid RETURNING *),
audit AS (
  INSERT INTO audit_log (actor_id, actor_name, actor_role, entity, entity_id, action, changes)
  SELECT $4::uuid, 'Administrador', 'Administrador', 'picklist', saved.id, 'start', $5::jsonb FROM saved)
SELECT * FROM saved`,
  finish: `WITH saved AS (
  UPDATE picklists SET current_status = 'Concluído', time_completed = $3, number_transfer = '123456', completed_items = list_items, updated_at = $3
  WHERE id = $1 AND xmin = $2::xid RETURNING *),
audit AS (
  INSERT INTO audit_log (actor_id, actor_name, actor_role, entity, entity_id, action, changes)
  SELECT $4::uuid, 'Administrador', 'Administrador', 'picklist', saved.id, 'finish', $5::jsonb FROM saved)
SELECT * FROM saved`,
  readPickup: "SELECT *, xmin::text AS row_version FROM pickups WHERE id = $1",
  confirm: `WITH saved AS (
  UPDATE pickups SET pickup_status = 'Aguardando retirada', order_received_at_store_date = $3, waiting_since = $3, updated_at = $3
  WHERE id = $1 AND xmin = $2::xid RETURNING *),
audit AS (
  INSERT INTO audit_log (actor_id, actor_name, actor_role, entity, entity_id, action, changes)
  SELECT $4::uuid, 'Administrador', 'Administrador', 'pickup', saved.id, 'confirm-receipt', $5::jsonb FROM saved),
email AS (
  INSERT INTO notification_outbox (event_key, kind, record_id, "to", subject, html, body_source, inline_images, status, attempts, next_attempt_at, created_at)
  SELECT 'pickup-ready:' || saved.id || ':' || $3, 'pickup-ready', saved.id, ARRAY[saved.customer_email], $6, '', $7::jsonb, '[]'::jsonb, 'pending', 0, $3, $3 FROM saved
  ON CONFLICT (event_key) DO NOTHING)
SELECT * FROM saved`,
};

/** What the floor's outbox row keeps to draw the body at send time: a template and a record about the size of the API's. */
const BODY_SOURCE = JSON.stringify({
  template: { description: "Seu pedido {{orderNumber}} está pronto para retirada", content: `<p>${"Olá, {{customerFullName}}! Seu pedido está pronto para retirada. ".repeat(12)}</p>` },
  record: { orderNumber: "1000006612365-01", customerFullName: "Carla Ferreira", orderItems: ["SAPATO DOCKSIDE MASC PRETO 39 7148757H", "TENIS CHUNKY UNISSEX BRANCO 37 3459764R"], pickupCode: "612365" },
  company: { name: "Passo Calçados", emailDomain: "exemplo.com.br" },
  timezone: "America/Sao_Paulo",
  pickupCodeQr: "612365",
});

/**
 * Each write's floor, on records set aside for it before the server starts (so the API's runs never
 * meet them): `prepared` runs a named statement (PostgreSQL plans it once, as the API's prepared
 * queries are), `timeRuns` times one write after another on one connection.
 */
export async function writeFloors({ prepared, timeRuns, store, adminId, inTransit }) {
  const change = (text) => JSON.stringify({ at: text });
  const next = (ids) => {
    let i = 0;
    return () => ids[i++];
  };
  const floors = {};
  // The lists the floor creates are the ones it then starts and finishes.
  const created = [];
  floors.create = await timeRuns(async () => {
    const now = new Date().toISOString();
    created.push((await prepared("floor_create", SQL.create, [randomUUID(), "E-commerce", JSON.stringify(ITEMS), now, store, adminId, change("create")])).rows[0].id);
  }, FLOOR_WRITES);
  const transition = async (read, write, id, extra = []) => {
    const row = (await prepared(`floor_read_${read}`, SQL[read], [id])).rows[0];
    await prepared(`floor_${write}`, SQL[write], [id, row.row_version, new Date().toISOString(), adminId, change(write), ...extra]);
  };
  // Each floor takes at most the records the one before it made (a floor stops at FLOOR_WRITES or after 2 s, whichever first).
  const started = [];
  const startNext = next(created);
  floors.start = await timeRuns(async () => {
    const id = startNext();
    await transition("readPicklist", "start", id);
    started.push(id);
  }, created.length - 3);
  const finishNext = next(started);
  floors.finish = await timeRuns(() => transition("readPicklist", "finish", finishNext()), started.length - 3);
  const confirmNext = next(inTransit);
  floors.confirm = await timeRuns(
    () => transition("readPickup", "confirm", confirmNext(), ["Seu pedido está pronto para retirada", BODY_SOURCE]),
    Math.min(FLOOR_WRITES, inTransit.length - 3),
  );
  return floors;
}

/** The pickups in transit the floor sets aside (at most FLOOR_RECORDS, a third at small scales): the API's runs take the others. */
export const floorPickups = (count) => Math.min(FLOOR_RECORDS, Math.floor(count / 3));

/**
 * The writes over HTTP against each server in `servers` (the change's and, with `--before`, the
 * build before it), on records of their own: for each write, one client alone (`alone`: compared with
 * the floor), then `connections` clients at once. Each record is started, then finished, once.
 */
export async function httpWrites({ servers, drive, call, store, inTransit, limit, floors }) {
  const writes = [
    { key: "create", name: "Criar lista de separação", floor: floors.create },
    { key: "start", name: "Iniciar lista de separação", floor: floors.start },
    { key: "finish", name: "Finalizar lista de separação", floor: floors.finish },
    { key: "confirm", name: "Confirmar recebimento de retirada", floor: floors.confirm },
  ];
  const byKey = Object.fromEntries(writes.map((w) => [w.key, w]));
  // Each server's share of the records, and within it the lone client's part and the crowd's.
  const aloneCount = 100;
  const share = (ids, index) => {
    const per = Math.floor(Math.min(ids.length, limit * servers.length) / servers.length);
    const own = ids.slice(index * per, (index + 1) * per);
    return { alone: own.slice(0, Math.min(aloneCount, Math.floor(own.length / 4))), crowd: own.slice(Math.min(aloneCount, Math.floor(own.length / 4))) };
  };
  const rotate = (base, list) => {
    let next = 0;
    return { nextPath: () => `${base}${list[next++ % list.length]}`, amount: list.length };
  };
  const body = { create: { destination: store, listItems: ITEMS }, start: { currentStatus: "Em andamento" }, finish: { currentStatus: "Concluído", numberTransfer: "123456" }, confirm: { pickupStatus: "Aguardando retirada" } };
  const run = async (server, key, method, path, ids) => {
    const common = { method, path, token: server.tokens.admin, body: body[key] };
    const alone = ids ? await drive(server, { ...common, clients: 1, ...rotate(path.replace(/x$/, ""), ids.alone) }) : await drive(server, { ...common, clients: 1, seconds: 2 });
    const crowd = ids ? await drive(server, { ...common, ...rotate(path.replace(/x$/, ""), ids.crowd) }) : await drive(server, common);
    (byKey[key].runs ??= {})[server.label] = { alone, crowd };
  };
  for (const server of servers) await run(server, "create", "POST", "/api/picklist/create");
  // Lists not started yet, those just created included: each server starts, then finishes, its share once.
  const admin = servers.at(-1);
  const notStarted = (await call(admin.port, "GET", `/api/picklist/get?status=${encodeURIComponent("Não iniciado")}`, admin.tokens.admin)).picklists.map((p) => p.id);
  for (const [index, server] of servers.entries()) {
    const lists = share(notStarted, index);
    await run(server, "start", "PUT", "/api/picklist/update/x", lists);
    await run(server, "finish", "PUT", "/api/picklist/update/x", lists);
    await run(server, "confirm", "PUT", "/api/pickup/update/x", share(inTransit, index));
  }
  return writes;
}
