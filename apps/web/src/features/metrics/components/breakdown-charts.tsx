import { AWAITING_PICKUP, PICKUP_AGE_BANDS, RETURN_REFUSED, type PickupAge, type PickupsAgeResponse, type RefusalsResponse } from "@passo/domain";
import { Link } from "react-router";
import { historyLink } from "@/hooks/use-history-filters";
import { formatCount } from "../format";
import { ChartCard, ChartTable } from "./chart-parts";

const BAND_COLORS: Record<(typeof PICKUP_AGE_BANDS)[number]["key"], string> = {
  days0to2: "#16a34a",
  days3to6: "#f59e0b",
  days7to14: "#ea580c",
  days15plus: "#dc2626",
};

const total = (row: PickupAge) => PICKUP_AGE_BANDS.reduce((sum, band) => sum + row[band.key], 0);

/** A median may be a half: shown as pt-BR with at most one decimal. */
const formatMedian = (value: number) => value.toLocaleString("pt-BR", { maximumFractionDigits: 1 });

function BandLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
      {PICKUP_AGE_BANDS.map((band) => (
        <li key={band.key} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: BAND_COLORS[band.key] }} />
          {band.label}
        </li>
      ))}
    </ul>
  );
}

/** One stacked bar: each band's share of the longest row. */
function BandBar({ row, max }: { row: PickupAge; max: number }) {
  return (
    <span className="flex h-3 flex-1 overflow-hidden rounded" aria-hidden>
      {PICKUP_AGE_BANDS.map((band) =>
        row[band.key] > 0 ? <span key={band.key} className="block h-full" style={{ width: `${(row[band.key] / max) * 100}%`, background: BAND_COLORS[band.key] }} /> : null,
      )}
    </span>
  );
}

/**
 * 'Retiradas aguardando por tempo de espera': the stores with most pickups waiting (the office), or
 * its own beside the median store's (a store). Each store's bar opens its waiting pickups.
 */
export function PickupsAgeChart({ data, historyPath, own }: { data: PickupsAgeResponse | undefined; historyPath: string; own: boolean }) {
  const title = "Retiradas aguardando por tempo de espera";
  const rows = [...(data?.stores ?? [])].filter((row) => own || total(row) > 0).sort((a, b) => b.days15plus - a.days15plus || total(b) - total(a) || a.store.localeCompare(b.store, "pt-BR"));
  const shown = own ? rows : rows.slice(0, 10);
  const max = Math.max(1, ...shown.map(total), own && data ? total({ store: "", ...data.chainMedian }) : 0);
  const link = (store: string) => historyLink(historyPath, { store: own ? "" : store, status: AWAITING_PICKUP });
  return (
    <ChartCard title={title} description={own ? "Agora, em qualquer data, ao lado da loja mediana da rede" : "Agora, em qualquer data; as lojas com mais retiradas há 15 dias ou mais"}>
      <BandLegend />
      {data && shown.every((row) => total(row) === 0) && !own ? (
        <p className="text-sm text-muted-foreground">Nenhuma retirada aguardando.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {shown.map((row) => (
            <li key={row.store}>
              <Link to={link(row.store)} className="flex w-full items-center gap-2 rounded text-sm hover:bg-muted">
                <span className="w-32 shrink-0 truncate sm:w-40">{own ? "Sua loja" : row.store}</span>
                <BandBar row={row} max={max} />
                <span className="w-12 shrink-0 text-right tabular-nums">{formatCount(total(row))}</span>
              </Link>
            </li>
          ))}
          {own && data && (
            <li className="flex items-center gap-2 text-sm text-muted-foreground">
              <span className="w-32 shrink-0 truncate sm:w-40">Mediana da rede</span>
              <BandBar row={{ store: "", ...data.chainMedian }} max={max} />
              <span className="w-12 shrink-0 text-right tabular-nums">{formatMedian(total({ store: "", ...data.chainMedian }))}</span>
            </li>
          )}
        </ul>
      )}
      <ChartTable
        caption={title}
        head={["Loja", ...PICKUP_AGE_BANDS.map((band) => band.label)]}
        rows={[
          ...rows.map((row) => [own ? "Sua loja" : row.store, ...PICKUP_AGE_BANDS.map((band) => formatCount(row[band.key]))]),
          ...(data ? [["Mediana da rede", ...PICKUP_AGE_BANDS.map((band) => formatMedian(data.chainMedian[band.key]))]] : []),
        ]}
      />
    </ChartCard>
  );
}

/** 'Motivos de recusa': the returns refused in the period by reason; each opens the refused returns of the period. */
export function RefusalsChart({
  data,
  historyPath,
  period,
  store,
  own,
}: {
  data: RefusalsResponse | undefined;
  historyPath: string;
  period: { from: string; to: string };
  /** The office's chosen store, if any. */
  store: string | undefined;
  own: boolean;
}) {
  const title = "Motivos de recusa";
  const reasons = data?.reasons ?? [];
  const max = Math.max(1, ...reasons.map((r) => Math.max(r.count, own ? r.chainMedian : 0)));
  const link = historyLink(historyPath, { from: period.from, to: period.to, store: store ?? "", status: RETURN_REFUSED });
  return (
    <ChartCard title={title} description={own ? "Devoluções recusadas no período, ao lado da loja mediana da rede" : "Devoluções recusadas no período"}>
      {data && !own && reasons.every((r) => r.count === 0) ? (
        <p className="text-sm text-muted-foreground">Nenhuma devolução recusada no período.</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {reasons
          .filter((r) => own || r.count > 0)
          .map((r) => (
            <li key={r.reason}>
              <Link to={link} className="flex w-full flex-col gap-1 rounded text-sm hover:bg-muted">
                <span className="flex justify-between gap-2">
                  <span>{r.reason}</span>
                  <span className="shrink-0 tabular-nums">{formatCount(r.count)}</span>
                </span>
                <span className="block h-3 rounded bg-primary/70" style={{ width: `${(r.count / max) * 100}%` }} aria-hidden />
                {own && <span className="text-xs text-muted-foreground">Mediana da rede: {formatMedian(r.chainMedian)}</span>}
              </Link>
            </li>
          ))}
      </ul>
      <ChartTable
        caption={title}
        head={own ? ["Motivo", "Sua loja", "Mediana da rede"] : ["Motivo", "Devoluções recusadas"]}
        rows={reasons.map((r) => (own ? [r.reason, formatCount(r.count), formatMedian(r.chainMedian)] : [r.reason, formatCount(r.count)]))}
      />
    </ChartCard>
  );
}
