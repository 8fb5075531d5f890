import { lazy, Suspense, useId } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import type { ChainMetrics, MedianStoreMetrics } from "@passo/domain";
import { useStores } from "@/api/get-users";
import { LoadFailureMessage } from "@/components/data-table/load-failure";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { loadFailure } from "@/lib/load-failure";
import { dailyMetricsQueryOptions, pickupsAgeQueryOptions, refusalsQueryOptions, storeMetricsQueryOptions } from "../api/get-metrics";
import { formatChange, formatCount, formatRate, formatSeconds } from "../format";
import { periodFromParams, periodParams, previousPeriod, type Period } from "../period";
import { PeriodPicker } from "./period-picker";
import { StaffFiguresCard } from "./staff-figures-card";

// Recharts is loaded with the dashboards only: the other screens do not pay for it.
const DashboardCharts = lazy(() => import("./dashboard-charts"));

const ALL_STORES = "all";

export interface Figure {
  title: string;
  value: (m: MedianStoreMetrics) => number | null;
  format: (v: number | null) => string;
  /** Pickups waiting are counted now, whatever the period: no change to show. */
  now?: boolean;
}

export const FIGURES: Figure[] = [
  { title: "Listas enviadas", value: (m) => m.picklistsSent, format: (v) => formatCount(v ?? 0) },
  { title: "Tempo até o início", value: (m) => m.medianStartSeconds, format: formatSeconds },
  { title: "Tempo de separação", value: (m) => m.medianPickSeconds, format: formatSeconds },
  { title: "Taxa de atendimento", value: (m) => m.fillRate, format: formatRate },
  { title: "Produtos não encontrados", value: (m) => m.notFoundItems, format: (v) => formatCount(v ?? 0) },
  { title: "Retiradas aguardando", value: (m) => m.pickupsWaiting, format: (v) => formatCount(v ?? 0), now: true },
  { title: "Retiradas atrasadas", value: (m) => m.pickupsOverdue, format: (v) => formatCount(v ?? 0), now: true },
  { title: "Devoluções recebidas", value: (m) => m.returnsReceived, format: (v) => formatCount(v ?? 0) },
  { title: "Devoluções recusadas", value: (m) => m.returnsRefused, format: (v) => formatCount(v ?? 0) },
];

/** The figures the cards show: the chain's, or the one store's chosen. */
function pick(data: { stores: (ChainMetrics & { store: string })[]; chain: ChainMetrics } | undefined, store: string | undefined) {
  if (!data) return undefined;
  return store ? data.stores.find((s) => s.store === store) : data.chain;
}

/**
 * 'Dashboards': the figures of a period against the previous period of the same length, and the charts.
 * The administrator sees the chain or one store; a store sees its own, with the median store's beside.
 * The period and the store live in the address, so that a dashboard can be shared and reloaded.
 */
export function Dashboard({ variant }: { variant: "admin" | "store" }) {
  const admin = variant === "admin";
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params);
  const store = params.get("store") || ALL_STORES;
  const setFilters = (next: { period?: Period; store?: string }) => {
    const chosenStore = next.store ?? store;
    setParams({ ...periodParams(next.period ?? period), ...(chosenStore !== ALL_STORES ? { store: chosenStore } : {}) }, { replace: true });
  };
  const setPeriod = (next: Period) => setFilters({ period: next });
  const setStore = (next: string) => setFilters({ store: next });
  const storeLabel = useId();
  const stores = useStores({ enabled: admin });
  const chosen = admin && store !== ALL_STORES ? store : undefined;
  const query = { from: period.from, to: period.to, store: chosen };
  const current = useQuery(storeMetricsQueryOptions(query));
  const previous = useQuery(storeMetricsQueryOptions({ ...previousPeriod(period.from, period.to), store: chosen }));
  const daily = useQuery(dailyMetricsQueryOptions(query));
  const pickupsAge = useQuery(pickupsAgeQueryOptions(chosen));
  const refusals = useQuery(refusalsQueryOptions(query));

  const figuresFailure = loadFailure(current);
  const failedCharts = [daily, pickupsAge, refusals].filter((result) => result.isError);
  const chartsFailure = failedCharts[0] && { error: failedCharts[0].error, retry: () => failedCharts.forEach((result) => void result.refetch()) };

  const own = admin ? pick(current.data, chosen) : current.data?.stores[0];
  const before = admin ? pick(previous.data, chosen) : previous.data?.stores[0];

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
          <PeriodPicker value={period} onChange={setPeriod} />
          {admin && (
            <div className="flex flex-col gap-1.5">
              <Label id={storeLabel}>Loja</Label>
              <Select value={store} onValueChange={setStore}>
                <SelectTrigger aria-labelledby={storeLabel} className="w-full md:w-56">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL_STORES}>Todas as lojas</SelectItem>
                  {(stores.data ?? []).map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
        </CardContent>
      </Card>

      <section aria-label="Números do período" className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
        {figuresFailure && (
          <Card className="col-span-full py-0">
            <LoadFailureMessage failure={figuresFailure} what="os números" />
          </Card>
        )}
        {!figuresFailure && FIGURES.map((figure) => {
          const value = own ? figure.value(own) : null;
          const change = figure.now ? null : formatChange(value, before ? figure.value(before) : null);
          const median = !admin && current.data?.medianStore ? figure.value(current.data.medianStore) : null;
          return (
            <Card key={figure.title} className="gap-2 py-4">
              <CardHeader className="px-4">
                <CardDescription>{figure.title}</CardDescription>
                <CardTitle className="text-2xl tabular-nums">{own ? figure.format(value) : <Skeleton className="h-8 w-20" />}</CardTitle>
              </CardHeader>
              {/* Each line keeps its room while the figures load (two for the comparison, which wraps on a
                  narrow card), so the cards and what follows them never move when they arrive. */}
              <CardContent className="flex flex-col gap-0.5 px-4 text-xs text-muted-foreground">
                {figure.now ? (
                  <p>Agora, em qualquer data</p>
                ) : !own || previous.isPending ? (
                  <Skeleton className="min-h-8 w-full" />
                ) : (
                  <p className="min-h-8">{change ? `${change} em relação ao período anterior` : "Sem período anterior para comparar"}</p>
                )}
                {/* Two lines on a phone, where a long duration wraps; one from sm up. */}
                {!admin && (
                  <div className="min-h-8 sm:min-h-4">
                    {current.data ? <p>Loja mediana: {figure.format(median)}</p> : <Skeleton className="h-4 w-28" />}
                  </div>
                )}
              </CardContent>
            </Card>
          );
        })}
      </section>

      {chartsFailure && (
        <Card aria-label="Gráficos" className="py-0">
          <LoadFailureMessage failure={chartsFailure} what="os gráficos" />
        </Card>
      )}

      <Suspense fallback={<Skeleton className="h-72 w-full" />}>
        <DashboardCharts
          daily={daily.data}
          stores={admin && !chosen ? current.data?.stores : undefined}
          pickupsAge={pickupsAge.data}
          refusals={refusals.data}
          admin={admin}
          period={period}
          store={chosen}
        />
      </Suspense>

      {/* A store sees its own people; the office, those of the store it chose. */}
      {(!admin || chosen) && <StaffFiguresCard from={period.from} to={period.to} store={chosen} />}
    </div>
  );
}
