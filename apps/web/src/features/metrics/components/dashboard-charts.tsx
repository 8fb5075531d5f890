import type { PickupsAgeResponse, RefusalsResponse, StoreMetrics } from "@passo/domain";
import { Link, useNavigate } from "react-router";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { historyLink } from "@/hooks/use-history-filters";
import type { DailyMetricsResponse } from "../api/get-metrics";
import { formatCount, formatSeconds } from "../format";
import { fillDays, splitRanking } from "../series";
import { PickupsAgeChart, RefusalsChart } from "./breakdown-charts";
import { ChartCard, ChartTable } from "./chart-parts";
import { NotFoundProductsCard } from "./not-found-products-card";

/** The history screens a click opens, the office's or a store's. */
const HISTORY_PATHS = {
  admin: { picklists: "/picklist-shipment-history", pickups: "/pickup-history", returns: "/return-history" },
  store: { picklists: "/picklist-history-store", pickups: "/pickup-history-store", returns: "/return-history-store" },
} as const;

const STATUS_COLORS: Record<string, string> = {
  "Não iniciado": "var(--chart-1, #94a3b8)",
  "Em andamento": "var(--chart-2, #f59e0b)",
  Concluído: "var(--chart-3, #16a34a)",
  "Não concluído": "var(--chart-4, #dc2626)",
};

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const tick = { fontSize: 12, fill: "currentColor" };

/**
 * The dashboards' charts: lists per day by status, separation time per day, store rankings, unfound
 * products, pickups waiting by age, refusal reasons. A store, a bar or a reason opens the history
 * behind it, filtered; each is a link, so the keyboard follows it too.
 */
export default function DashboardCharts({
  daily,
  stores,
  pickupsAge,
  refusals,
  admin,
  period,
  store,
}: {
  daily: DailyMetricsResponse | undefined;
  /** The administrator's view of the chain: the slowest and fastest stores. */
  stores: StoreMetrics[] | undefined;
  pickupsAge: PickupsAgeResponse | undefined;
  refusals: RefusalsResponse | undefined;
  admin: boolean;
  period: { from: string; to: string };
  /** The office's chosen store, if any. */
  store: string | undefined;
}) {
  const paths = HISTORY_PATHS[admin ? "admin" : "store"];
  const navigate = useNavigate();
  const storeLink = (name: string) => historyLink(paths.picklists, { from: period.from, to: period.to, store: name });
  // 'Produtos não encontrados' of 'Processos de separação' is the office's: a store's codes are plain text.
  const productLink = (item: string) =>
    `/picklist-process?${new URLSearchParams({ item, from: period.from, to: period.to, ...(store ? { store } : {}) }).toString()}`;
  const dayLink = (day: string, status: string) => historyLink(paths.picklists, { from: day, to: day, status, store: store ?? "" });
  const everyDay = daily ? fillDays(daily.days, period.from, period.to) : [];
  const days = everyDay.map((d) => ({ label: dayLabel(d.day), day: d.day, ...d.byStatus, minutes: d.medianPickSeconds === null ? null : Math.round(d.medianPickSeconds / 6) / 10 }));
  const ranked = (stores ?? []).filter((s) => s.medianPickSeconds !== null).sort((a, b) => (b.medianPickSeconds ?? 0) - (a.medianPickSeconds ?? 0));
  const asMinutes = (s: StoreMetrics) => ({ store: s.store, minutes: Math.round((s.medianPickSeconds ?? 0) / 6) / 10 });
  const split = splitRanking(ranked);
  const slowest = split.slowest.map(asMinutes);
  const fastest = split.fastest.map(asMinutes);
  const statuses = Object.keys(STATUS_COLORS);

  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <ChartCard title="Listas enviadas por dia">
        <div aria-hidden className="h-64 text-muted-foreground">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={days} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={tick} />
              <YAxis allowDecimals={false} tick={tick} width={40} />
              <Tooltip formatter={(v) => formatCount(Number(v))} />
              <Legend />
              {statuses.map((status) => (
                <Bar
                  key={status}
                  dataKey={status}
                  stackId="status"
                  fill={STATUS_COLORS[status]}
                  cursor="pointer"
                  onClick={(entry: { payload?: { day?: string } }) => {
                    if (entry.payload?.day) void navigate(dayLink(entry.payload.day, status));
                  }}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
        <ChartTable
          caption="Listas enviadas por dia"
          head={["Dia", ...statuses]}
          rows={everyDay.map((d) => [
            dayLabel(d.day),
            ...statuses.map((s) =>
              d.byStatus[s] ? (
                <Link to={dayLink(d.day, s)} className="underline underline-offset-2" aria-label={`${formatCount(d.byStatus[s])} ${s}, ${dayLabel(d.day)}`}>
                  {formatCount(d.byStatus[s])}
                </Link>
              ) : (
                0
              ),
            ),
          ])}
        />
      </ChartCard>

      <ChartCard title="Tempo de separação por dia (mediana, em minutos)">
        <div aria-hidden className="h-64 text-muted-foreground">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={days} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={tick} />
              <YAxis tick={tick} width={40} />
              <Tooltip formatter={(v) => `${String(v).replace(".", ",")} min`} />
              {/* Straight between days with data, a gap over a day without: no curve drawn through missing days. */}
              <Line type="linear" dataKey="minutes" name="Mediana" stroke="var(--chart-2, #f59e0b)" connectNulls={false} dot={{ r: 3 }} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <ChartTable caption="Tempo de separação por dia" head={["Dia", "Mediana"]} rows={everyDay.map((d) => [dayLabel(d.day), formatSeconds(d.medianPickSeconds)])} />
      </ChartCard>

      {stores && (
        <>
          <StoreRanking title="Lojas mais lentas (tempo de separação)" rows={slowest} link={storeLink} />
          <StoreRanking title="Lojas mais rápidas (tempo de separação)" rows={fastest} link={storeLink} />
        </>
      )}

      <NotFoundProductsCard query={{ ...period, store }} productLink={admin ? productLink : undefined} />

      <PickupsAgeChart data={pickupsAge} historyPath={paths.pickups} own={!admin} />
      <RefusalsChart data={refusals} historyPath={paths.returns} period={period} store={store} own={!admin} />
    </div>
  );
}

function StoreRanking({ title, rows, link }: { title: string; rows: { store: string; minutes: number }[]; link: (store: string) => string }) {
  return (
    <ChartCard title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma lista finalizada no período.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {rows.map((row) => {
            const max = Math.max(...rows.map((r) => r.minutes), 1);
            return (
              <li key={row.store}>
                <Link to={link(row.store)} className="flex w-full items-center gap-2 rounded text-left text-sm hover:bg-muted">
                  <span className="w-32 shrink-0 truncate sm:w-40">{row.store}</span>
                  <span className="flex-1" aria-hidden>
                    <span className="block h-3 rounded bg-primary/70" style={{ width: `${(row.minutes / max) * 100}%` }} />
                  </span>
                  <span className="w-20 shrink-0 whitespace-nowrap text-right tabular-nums">{formatSeconds(row.minutes * 60)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </ChartCard>
  );
}
