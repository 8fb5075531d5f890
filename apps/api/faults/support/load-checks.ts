/**
 * After the load: what every 2xx told the virtual users must be what the database holds, and nothing else changed.
 */
import pg from "pg";
import type { Ledger } from "./load-flows.js";

export interface ConsistencyReport {
  problems: string[];
  checked: Record<string, number>;
}

function limitProblems(problems: string[], label: string, found: string[]) {
  for (const p of found.slice(0, 10)) problems.push(`${label}: ${p}`);
  if (found.length > 10) problems.push(`${label}: … e mais ${found.length - 10}`);
}

export async function checkConsistency(databaseUrl: string, ledger: Ledger, loadStartedAt: Date): Promise<ConsistencyReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    // Picklists a store finished (2xx) are finished, with the status and transfer number it was told.
    const finishedIds = [...ledger.finishedPicklists.keys()];
    const finished = await client.query<{ id: string; current_status: string; time_completed: Date | null; number_transfer: string | null; destination: string }>(
      "SELECT id, current_status, time_completed, number_transfer, destination FROM picklists WHERE id = ANY($1::uuid[])",
      [finishedIds],
    );
    const byId = new Map(finished.rows.map((r) => [r.id, r]));
    limitProblems(
      problems,
      "lista finalizada",
      finishedIds.flatMap((id) => {
        const want = ledger.finishedPicklists.get(id)!;
        const row = byId.get(id);
        if (!row) return [`${id} não está no banco`];
        if (row.current_status !== want.status || !row.time_completed || row.number_transfer !== want.numberTransfer || row.destination !== want.store) {
          return [`${id}: ${row.current_status}/${row.number_transfer}/${row.destination}, esperado ${want.status}/${want.numberTransfer}/${want.store}`];
        }
        return [];
      }),
    );
    // Nothing else was finished or started during the run: only the virtual stores act on picklists.
    const finishedDuringRun = await client.query<{ id: string }>("SELECT id FROM picklists WHERE time_completed >= $1", [loadStartedAt]);
    limitProblems(
      problems,
      "lista finalizada sem resposta 2xx",
      finishedDuringRun.rows.filter((r) => !ledger.finishedPicklists.has(r.id)).map((r) => r.id),
    );
    const inProgress = await client.query<{ id: string }>("SELECT id FROM picklists WHERE time_completed IS NULL AND current_status <> 'Não iniciado'");
    limitProblems(
      problems,
      "lista em andamento que nenhuma loja iniciou",
      inProgress.rows.filter((r) => !ledger.startedPicklists.has(r.id)).map((r) => r.id),
    );

    // Pickups: received ones wait in the store (or were collected since), collected ones are collected.
    const pickupIds = [...new Set([...ledger.receivedPickups, ...ledger.collectedPickups])];
    const pickups = await client.query<{ id: string; pickup_status: string; order_received_at_store_date: Date | null; actual_pickup_date: Date | null }>(
      "SELECT id, pickup_status, order_received_at_store_date, actual_pickup_date FROM pickups WHERE id = ANY($1::uuid[])",
      [pickupIds],
    );
    const pickupById = new Map(pickups.rows.map((r) => [r.id, r]));
    limitProblems(
      problems,
      "retirada",
      pickupIds.flatMap((id) => {
        const row = pickupById.get(id);
        if (!row) return [`${id} não está no banco`];
        if (ledger.collectedPickups.has(id)) {
          return row.pickup_status === "Pedido retirado" && row.actual_pickup_date ? [] : [`${id}: ${row.pickup_status}, esperado Pedido retirado`];
        }
        return row.order_received_at_store_date && row.pickup_status !== "Em trânsito" ? [] : [`${id}: ${row.pickup_status} sem recebimento`];
      }),
    );
    const collectedDuringRun = await client.query<{ id: string }>("SELECT id FROM pickups WHERE actual_pickup_date >= $1", [loadStartedAt]);
    limitProblems(
      problems,
      "retirada confirmada sem resposta 2xx",
      collectedDuringRun.rows.filter((r) => !ledger.collectedPickups.has(r.id)).map((r) => r.id),
    );

    // Returns a store accepted or refused carry that decision and that store.
    const returnIds = [...ledger.handledReturns.keys()];
    const returns = await client.query<{ id: string; return_status: string; return_store: string | null }>(
      "SELECT id, return_status, return_store FROM returns WHERE id = ANY($1::uuid[])",
      [returnIds],
    );
    const returnById = new Map(returns.rows.map((r) => [r.id, r]));
    limitProblems(
      problems,
      "devolução",
      returnIds.flatMap((id) => {
        const want = ledger.handledReturns.get(id)!;
        const row = returnById.get(id);
        if (!row) return [`${id} não está no banco`];
        return row.return_status === want.status && row.return_store === want.store ? [] : [`${id}: ${row.return_status}/${row.return_store}, esperado ${want.status}/${want.store}`];
      }),
    );
    const handledDuringRun = await client.query<{ id: string }>(
      "SELECT id FROM returns WHERE return_status IN ('Devolvido em loja física', 'Devolução recusada') AND updated_at >= $1",
      [loadStartedAt],
    );
    limitProblems(
      problems,
      "devolução recebida sem resposta 2xx",
      handledDuringRun.rows.filter((r) => !ledger.handledReturns.has(r.id)).map((r) => r.id),
    );

    // What the administrators created (201) is there.
    for (const [table, ids] of [
      ["picklists", ledger.createdPicklists],
      ["pickups", ledger.createdPickups],
      ["returns", ledger.createdReturns],
    ] as const) {
      const found = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
      if (found.rows[0]!.n !== ids.length) problems.push(`${table} criadas: ${found.rows[0]!.n} no banco de ${ids.length} respondidas 201`);
    }

    return {
      problems,
      checked: {
        "listas finalizadas": finishedIds.length,
        "retiradas recebidas ou retiradas": pickupIds.length,
        "devoluções aceitas ou recusadas": returnIds.length,
        "registros criados pelo administrador": ledger.createdPicklists.length + ledger.createdPickups.length + ledger.createdReturns.length,
      },
    };
  } finally {
    await client.end();
  }
}
