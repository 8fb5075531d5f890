import { csvMinutes, type StoreMetrics } from "@passo/domain";

const integer = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

export const formatCount = (value: number) => integer.format(value);
export const formatRate = (value: number | null) => (value === null ? "—" : percent.format(value));

/** A duration as people read it: '45 s', '12 min', '3 h 05 min', '2 d 4 h'; '—' for none. */
export function formatSeconds(value: number | null): string {
  if (value === null) return "—";
  const s = Math.round(value);
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The change from the previous period, as '+12%', '−5%', 'igual'; null when it cannot be said. */
export function formatChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? "igual" : null;
  const change = (current - previous) / previous;
  if (Math.abs(change) < 0.0005) return "igual";
  return `${change > 0 ? "+" : "−"}${percent.format(Math.abs(change))}`;
}

interface MetricColumn {
  key: Exclude<keyof StoreMetrics, "store">;
  label: string;
  format: (row: StoreMetrics) => string;
  /** A duration's CSV column: a number of minutes a sheet can compute with, its header saying '(min)'. */
  csv?: { label: string; value: (row: StoreMetrics) => string };
}

const minutesColumn = (label: string, seconds: (row: StoreMetrics) => number | null) => ({ label: `${label} (min)`, value: (r: StoreMetrics) => csvMinutes(seconds(r)) });

/** The figures of the metrics endpoint, in the order the report shows them. */
export const METRIC_COLUMNS: MetricColumn[] = [
  { key: "picklistsSent", label: "Listas enviadas", format: (r) => formatCount(r.picklistsSent) },
  { key: "picklistsFinished", label: "Listas finalizadas", format: (r) => formatCount(r.picklistsFinished) },
  {
    key: "medianStartSeconds",
    label: "Tempo até o início",
    format: (r) => formatSeconds(r.medianStartSeconds),
    csv: minutesColumn("Tempo até o início", (r) => r.medianStartSeconds),
  },
  {
    key: "medianPickSeconds",
    label: "Tempo de separação",
    format: (r) => formatSeconds(r.medianPickSeconds),
    csv: minutesColumn("Tempo de separação", (r) => r.medianPickSeconds),
  },
  { key: "fillRate", label: "Taxa de atendimento", format: (r) => formatRate(r.fillRate) },
  { key: "notFoundItems", label: "Produtos não encontrados", format: (r) => formatCount(r.notFoundItems) },
  { key: "pickupsWaiting", label: "Retiradas aguardando", format: (r) => formatCount(r.pickupsWaiting) },
  { key: "pickupsOverdue", label: "Retiradas atrasadas", format: (r) => formatCount(r.pickupsOverdue) },
  { key: "returnsReceived", label: "Devoluções recebidas", format: (r) => formatCount(r.returnsReceived) },
  { key: "returnsRefused", label: "Devoluções recusadas", format: (r) => formatCount(r.returnsRefused) },
];
