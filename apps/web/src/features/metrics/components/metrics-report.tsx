import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import { ArrowDownIcon, ArrowUpIcon, DownloadIcon } from "lucide-react";
import { Link } from "react-router";
import { AWAITING_PICKUP, csvFileName, csvText, type StoreMetrics } from "@passo/domain";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { LoadFailureMessage } from "@/components/data-table/load-failure";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsMobile } from "@/components/ui/use-mobile";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { historyLink } from "@/hooks/use-history-filters";
import { todayKey } from "@/lib/dates";
import { downloadBlob } from "@/lib/download";
import { loadFailure, type LoadFailure } from "@/lib/load-failure";
import { cn } from "@/lib/utils";
import { storeMetricsQueryOptions } from "../api/get-metrics";
import { METRIC_COLUMNS } from "../format";
import { daysBefore, periodOf, type Period } from "../period";
import { PeriodPicker } from "./period-picker";

type SortKey = "store" | (typeof METRIC_COLUMNS)[number]["key"];

/** Saves the table as Excel pt-BR opens it (the domain's CSV rules). */
function saveCsv(fileName: string, firstColumn: string, rows: { label: string; metrics: StoreMetrics }[]) {
  const text = csvText(
    [firstColumn, ...METRIC_COLUMNS.map((c) => c.csv?.label ?? c.label)],
    rows.map((r) => [r.label, ...METRIC_COLUMNS.map((c) => (c.csv ? c.csv.value(r.metrics) : c.format(r.metrics)))]),
  );
  downloadBlob(new Blob([text], { type: "text/csv;charset=utf-8" }), fileName);
}

function compare(a: StoreMetrics, b: StoreMetrics, key: SortKey): number {
  if (key === "store") return a.store.localeCompare(b.store, "pt-BR");
  const x = a[key];
  const y = b[key];
  if (x === null) return y === null ? 0 : 1;
  if (y === null) return -1;
  return x - y;
}

type MetricKey = (typeof METRIC_COLUMNS)[number]["key"];

/**
 * The history behind a store's figure: its lists, its pickups waiting now (whatever the dates) or its
 * returns, over the period.
 */
export function figureLink(key: MetricKey | "store", store: string, period: { from: string; to: string }): string {
  if (key === "pickupsWaiting" || key === "pickupsOverdue") return historyLink("/pickup-history", { store, status: AWAITING_PICKUP });
  if (key === "returnsReceived" || key === "returnsRefused") return historyLink("/return-history", { ...period, store });
  return historyLink("/picklist-shipment-history", { ...period, store });
}

/** The store column stays at the left while the figures scroll; a shadow at its edge while some lie under it. */
const PINNED_FIRST =
  "sticky left-0 z-10 bg-background shadow-[inset_-1px_0_0_var(--color-border)] group-data-[scrolled]/report:shadow-[inset_-1px_0_0_var(--color-border),8px_0_8px_-6px_rgb(0_0_0/0.35)]";

function useScrolledMark() {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    const box = table?.parentElement;
    if (!table || !box) return;
    const mark = () => table.toggleAttribute("data-scrolled", box.scrollLeft > 0);
    mark();
    box.addEventListener("scroll", mark, { passive: true });
    return () => box.removeEventListener("scroll", mark);
  }, []);
  return ref;
}

/** On a phone, one card per row: the store (a link to its history) over its figures. */
function MetricsCards({ caption, rows, link }: { caption: string; rows: { label: string; metrics: StoreMetrics }[]; link?: (key: MetricKey | "store", store: string) => string }) {
  return (
    <ul aria-label={caption} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.label} className="rounded-md border p-3 text-sm">
          <p className="mb-2 font-medium">
            {link ? (
              <Link to={link("store", row.label)} className="underline underline-offset-4">
                {row.label}
              </Link>
            ) : (
              row.label
            )}
          </p>
          <dl className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-x-3 gap-y-1">
            {METRIC_COLUMNS.map((c) => (
              <div key={c.key} className="contents">
                <dt className="text-muted-foreground">{c.label}</dt>
                <dd className="text-right tabular-nums">{c.format(row.metrics)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function MetricsTable({ caption, firstColumn, rows, sort, onSort, link, failure }: {
  caption: string;
  firstColumn: string;
  rows: { label: string; metrics: StoreMetrics }[];
  sort?: { key: SortKey; asc: boolean };
  onSort?: (key: SortKey) => void;
  /** The history behind a row's store or one of its figures. */
  link?: (key: MetricKey | "store", store: string) => string;
  /** The figures' request failed: why, and 'Tentar novamente', in place of the rows. */
  failure?: LoadFailure;
}) {
  const tableRef = useScrolledMark();
  const phone = useIsMobile();
  const header = (key: SortKey, label: string) => {
    if (!onSort) return label;
    const active = sort?.key === key;
    return (
      <button type="button" className="inline-flex items-center gap-1 font-medium" onClick={() => onSort(key)}>
        {label}
        {active && (sort.asc ? <ArrowUpIcon className="size-3" aria-hidden /> : <ArrowDownIcon className="size-3" aria-hidden />)}
      </button>
    );
  };
  if (phone && rows.length > 0 && !failure) return <MetricsCards caption={caption} rows={rows} link={link} />;
  return (
    <Card>
      <CardContent className="overflow-x-auto">
        <Table ref={tableRef} className="group/report" containerProps={{ tabIndex: 0, role: "region", "aria-label": caption }}>
          <TableCaption className="sr-only">{caption}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className={PINNED_FIRST} aria-sort={sort?.key === "store" ? (sort.asc ? "ascending" : "descending") : undefined}>{header("store", firstColumn)}</TableHead>
              {METRIC_COLUMNS.map((c) => (
                <TableHead key={c.key} className="text-right" aria-sort={sort?.key === c.key ? (sort.asc ? "ascending" : "descending") : undefined}>
                  {header(c.key, c.label)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {failure ? (
              <TableRow>
                <TableCell colSpan={METRIC_COLUMNS.length + 1} className="p-0">
                  <div className="sticky left-0 w-[min(100%,calc(100vw-4rem))] md:w-full">
                    <LoadFailureMessage failure={failure} what="os números" />
                  </div>
                </TableCell>
              </TableRow>
            ) : rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={METRIC_COLUMNS.length + 1}>Nenhuma loja encontrada</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.label}>
                <TableCell className={cn("whitespace-nowrap font-medium", PINNED_FIRST)}>
                  {link ? (
                    <Link to={link("store", row.label)} className="underline-offset-4 hover:underline">
                      {row.label}
                    </Link>
                  ) : (
                    row.label
                  )}
                </TableCell>
                {METRIC_COLUMNS.map((c) => (
                  <TableCell key={c.key} className="text-right tabular-nums">
                    {link ? (
                      <Link to={link(c.key, row.label)} className="underline-offset-4 hover:underline" aria-label={`${c.label} de ${row.label}: ${c.format(row.metrics)}`}>
                        {c.format(row.metrics)}
                      </Link>
                    ) : (
                      c.format(row.metrics)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/**
 * The table's columns over skeleton rows while the figures load. A table of its own: the figures'
 * table arrives as new content, so its headers never shift as the columns take their values' widths.
 */
function MetricsTableSkeleton({ caption, firstColumn, rows }: { caption: string; firstColumn: string; rows: number }) {
  return (
    <Card>
      <CardContent className="overflow-x-auto">
        <Table aria-busy="true" containerProps={{ role: "region", "aria-label": caption }}>
          <TableCaption className="sr-only">{caption}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{firstColumn}</TableHead>
              {METRIC_COLUMNS.map((c) => (
                <TableHead key={c.key} className="text-right">
                  {c.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {Array.from({ length: rows }, (_, r) => (
              <TableRow key={r} data-slot="skeleton-row">
                {[firstColumn, ...METRIC_COLUMNS.map((c) => c.key)].map((key) => (
                  <TableCell key={key}>
                    <Skeleton className="h-5 w-full min-w-8" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <span role="status" className="sr-only">
          Carregando...
        </span>
      </CardContent>
    </Card>
  );
}

/** 'Relatórios e métricas' (administrator): one row per store, every figure, sortable, 'Exportar CSV'. */
export function StoresReport() {
  const [period, setPeriod] = useState<Period>(() => periodOf("30"));
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: "store", asc: true });
  const metrics = useQuery(storeMetricsQueryOptions({ from: period.from, to: period.to }));
  const rows = useMemo(() => {
    const list = [...(metrics.data?.stores ?? [])].sort((a, b) => compare(a, b, sort.key) * (sort.asc ? 1 : -1));
    return list.map((m) => ({ label: m.store, metrics: m }));
  }, [metrics.data, sort]);

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <PeriodPicker value={period} onChange={setPeriod} />
          <Button type="button" variant="outline" disabled={!metrics.data} onClick={() => saveCsv(csvFileName("metricas", period, todayKey()), "Loja", rows)}>
            <DownloadIcon aria-hidden />
            Exportar CSV
          </Button>
        </CardContent>
      </Card>
      {metrics.isPending ? (
        <MetricsTableSkeleton caption="Números por loja" firstColumn="Loja" rows={5} />
      ) : (
        <MetricsTable
          caption="Números por loja"
          firstColumn="Loja"
          rows={rows}
          sort={sort}
          onSort={(key) => setSort((s) => ({ key, asc: s.key === key ? !s.asc : true }))}
          link={(key, store) => figureLink(key, store, period)}
          failure={loadFailure(metrics)}
        />
      )}
    </div>
  );
}

const WEEKS = 8;

/** The store's 'Relatórios e métricas': its own figures, one row per week (the last eight, this one first). */
export function StoreWeeklyReport() {
  const today = todayKey();
  const weeks = Array.from({ length: WEEKS }, (_, i) => ({ from: daysBefore(today, 7 * i + 6), to: daysBefore(today, 7 * i) }));
  const results = useQueries({ queries: weeks.map((w) => storeMetricsQueryOptions(w)) });
  const failed = results.filter((result) => result.isError);
  const failedWeeks = failed[0] && { error: failed[0].error, retry: () => failed.forEach((result) => void result.refetch()) };
  const label = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const rows = weeks.flatMap((week, i) => {
    const own = results[i]?.data?.stores[0];
    return own ? [{ label: `${label(week.from)} a ${label(week.to)}`, metrics: own }] : [];
  });
  return (
    <div className="flex flex-col gap-4">
      <Button type="button" variant="outline" className="self-start" disabled={rows.length === 0} onClick={() => saveCsv(csvFileName("metricas-por-semana", { from: weeks.at(-1)!.from, to: today }, today), "Semana", rows)}>
        <DownloadIcon aria-hidden />
        Exportar CSV
      </Button>
      {/* The weeks show together, in their order, once every one is in (or one has failed). */}
      {!failedWeeks && results.some((result) => result.isPending) ? (
        <MetricsTableSkeleton caption="Números da loja por semana" firstColumn="Semana" rows={WEEKS} />
      ) : (
        <MetricsTable caption="Números da loja por semana" firstColumn="Semana" rows={rows} failure={failedWeeks} />
      )}
    </div>
  );
}
