import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { LoadFailureMessage } from "@/components/data-table/load-failure";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { loadFailure } from "@/lib/load-failure";
import { storeMetricsQueryOptions } from "../api/get-metrics";
import { periodFromParams, periodParams, type Period } from "../period";
import { FIGURES } from "./dashboard";
import { PeriodPicker } from "./period-picker";
import { StaffFiguresCard } from "./staff-figures-card";

const MEDIAN = "Mediana da rede";
/** The figure's name stays at the left while the stores scroll sideways on a narrow screen. */
const PINNED = "sticky left-0 z-10 bg-card shadow-[inset_-1px_0_0_var(--color-border)]";

/**
 * A Supervisor's 'Dashboards': the figures of its stores side by side, and beside them the chain's
 * median store (each figure, the median of every store's), over the period in the address. The
 * server serves only the stores whose notification rule names the Supervisor.
 */
export function SupervisorDashboard() {
  const [params, setParams] = useSearchParams();
  const period = periodFromParams(params);
  const setPeriod = (next: Period) => setParams(periodParams(next), { replace: true });
  const current = useQuery(storeMetricsQueryOptions({ from: period.from, to: period.to }));
  const failure = loadFailure(current);
  const stores = current.data?.stores ?? [];

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
          <PeriodPicker value={period} onChange={setPeriod} />
        </CardContent>
      </Card>
      <Card className="gap-3">
        <CardHeader>
          <CardTitle>Suas lojas</CardTitle>
          <CardDescription>
            {current.data && stores.length === 0
              ? "Nenhuma loja sob a sua supervisão. Peça ao escritório para incluir o seu e-mail nas notificações da loja."
              : "Cada número das suas lojas no período, ao lado da loja mediana da rede."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {failure ? (
            <LoadFailureMessage failure={failure} what="os números" />
          ) : !current.data ? (
            <Skeleton className="h-72 w-full" />
          ) : (
            <Table>
              <TableCaption className="sr-only">Números das suas lojas e mediana da rede</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col" className={PINNED}>
                    Número
                  </TableHead>
                  {stores.map((s) => (
                    <TableHead key={s.store} scope="col" className="text-right">
                      {s.store}
                    </TableHead>
                  ))}
                  <TableHead scope="col" className="text-right text-muted-foreground">
                    {MEDIAN}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {FIGURES.map((figure) => (
                  <TableRow key={figure.title}>
                    <TableHead scope="row" className={`${PINNED} font-normal`}>
                      {figure.title}
                    </TableHead>
                    {stores.map((s) => (
                      <TableCell key={s.store} className="text-right tabular-nums">
                        {figure.format(figure.value(s))}
                      </TableCell>
                    ))}
                    <TableCell className="text-right tabular-nums text-muted-foreground">{figure.format(figure.value(current.data.medianStore))}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {stores.map((s) => (
        <StaffFiguresCard key={s.store} from={period.from} to={period.to} store={s.store} />
      ))}
    </div>
  );
}
