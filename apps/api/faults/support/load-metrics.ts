/**
 * The load test's bookkeeping: every request's latency under the name of the screen step that sent it, and every
 * request that was not the expected answer (a network error, a timeout, an unexpected status or body) as an error.
 */

export interface LoadError {
  operation: string;
  status: number | "network";
  detail: string;
  at: number;
}

interface OperationStats {
  latencies: number[];
  errors: number;
}

export interface OperationRow {
  operation: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadSummary {
  rows: OperationRow[];
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  all: OperationRow;
}

const ERROR_SAMPLES = 50;

export class LoadMetrics {
  private readonly operations = new Map<string, OperationStats>();
  readonly errorSamples: LoadError[] = [];
  /** Errors counted by operation and status, e.g. "confirmar retirada 409". */
  readonly errorKinds = new Map<string, number>();

  record(operation: string, ms: number, error?: Omit<LoadError, "operation" | "at">): void {
    let stats = this.operations.get(operation);
    if (!stats) {
      stats = { latencies: [], errors: 0 };
      this.operations.set(operation, stats);
    }
    stats.latencies.push(ms);
    if (error) {
      stats.errors += 1;
      const kind = `${operation} ${error.status}`;
      this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
      if (this.errorSamples.length < ERROR_SAMPLES) this.errorSamples.push({ operation, ...error, at: Date.now() });
    }
  }

  get errors(): number {
    let total = 0;
    for (const stats of this.operations.values()) total += stats.errors;
    return total;
  }

  count(operation: string): number {
    return this.operations.get(operation)?.latencies.length ?? 0;
  }

  summary(seconds: number): LoadSummary {
    const rows = [...this.operations.entries()].map(([operation, stats]) => row(operation, stats.latencies, stats.errors));
    rows.sort((a, b) => b.count - a.count);
    const every = [...this.operations.values()].flatMap((s) => s.latencies);
    const errors = this.errors;
    return {
      rows,
      requests: every.length,
      errors,
      seconds,
      perSecond: every.length / Math.max(seconds, 0.001),
      all: row("todas", every, errors),
    };
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[at]!;
}

function row(operation: string, latencies: readonly number[], errors: number): OperationRow {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    operation,
    count: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
  };
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());

const HEADERS = ["Operação", "Requisições", "Erros", "p50 (ms)", "p95 (ms)", "p99 (ms)", "máx (ms)"];
const cells = (r: OperationRow) => [r.operation, String(r.count), String(r.errors), ms(r.p50), ms(r.p95), ms(r.p99), ms(r.max)];

/** The table as aligned plain text, for the console. */
export function consoleTable(summary: LoadSummary): string {
  const lines = [HEADERS, ...summary.rows.map(cells), cells(summary.all)];
  const widths = HEADERS.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  const format = (l: string[]) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [
    format(HEADERS),
    rule,
    ...summary.rows.map((r) => format(cells(r))),
    rule,
    format(cells(summary.all)),
    "",
    `Total: ${summary.requests} requisições em ${summary.seconds.toFixed(1)} s (${summary.perSecond.toFixed(0)}/s), ${summary.errors} erros.`,
  ].join("\n");
}

/** The same table in markdown. */
export function markdownTable(summary: LoadSummary): string {
  const align = HEADERS.map((_, i) => (i === 0 ? "---" : "---:"));
  const line = (l: string[]) => `| ${l.join(" | ")} |`;
  const all = cells(summary.all).map((c) => `**${c}**`);
  return [line(HEADERS), line(align), ...summary.rows.map((r) => line(cells(r))), line(all)].join("\n");
}
