import type { Company } from "@passo/domain";
import type { Db } from "../db/client.js";

// Being written in this session.
export async function loadDemoData(_db: Db, _opts: { company: Company; timezone: string }): Promise<void> {}
