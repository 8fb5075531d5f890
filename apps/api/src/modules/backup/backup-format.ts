import { createHash } from "node:crypto";
import type { MigrationStep } from "../../db/migrations.js";

/**
 * Passo's backup: a gzipped stream of JSON lines, portable between PGlite and PostgreSQL. Control
 * lines are objects whose first key is "$"; between a table's `table` and `end` lines, every line is
 * one row as PostgreSQL's `row_to_json` wrote it (dates in UTC, bytea as hex, arrays and jsonb as JSON),
 * so that either engine reads it back with `json_populate_recordset`. docs/operations.md has the layout.
 */
export const BACKUP_FORMAT = "passo-backup";
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  $: "header";
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The engine it was taken from. */
  source: "pglite" | "postgres";
  /** The migrations the database had, oldest first: the level its rows are shaped for. */
  migrations: MigrationStep[];
}

export interface TableStart {
  $: "table";
  name: string;
  columns: string[];
}

export interface TableEnd {
  $: "end";
  name: string;
  rows: number;
  checksum: string;
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface SequencesLine {
  $: "sequences";
  sequences: SequenceState[];
}

export interface BackupEnd {
  $: "done";
  tables: number;
  rows: number;
}

export type ControlLine = BackupHeader | TableStart | TableEnd | SequencesLine | BackupEnd;

const MOD = 1n << 128n;

/**
 * A table's checksum: the sum of its rows' SHA-256 (first 128 bits) modulo 2^128, with the row count.
 * Order does not matter, so a table read in any order, on either engine, gives the same checksum.
 */
export class TableChecksum {
  private sum = 0n;
  rows = 0;

  add(rowJson: string): void {
    const digest = createHash("sha256").update(rowJson).digest();
    this.sum = (this.sum + digest.readBigUInt64BE(0) * (1n << 64n) + digest.readBigUInt64BE(8)) % MOD;
    this.rows++;
  }

  get value(): string {
    return this.sum.toString(16).padStart(32, "0");
  }
}

export const isControlLine = (line: string) => line.startsWith('{"$":');
