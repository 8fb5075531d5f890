import { useQuery } from "@tanstack/react-query";
import { LoadFailureMessage } from "@/components/data-table/load-failure";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { loadFailure } from "@/lib/load-failure";
import { cn } from "@/lib/utils";
import { staffMetricsQueryOptions } from "../api/get-metrics";
import { formatCount, formatSeconds } from "../format";

/**
 * 'Por atendente': who did the store's work over the period, by the name typed with each PIN: lists
 * finished and their median picking time, and pickups handed over. Work done with no PIN is one row,
 * last, so the rows add up to the store's figures. `store`: the store the office or a Supervisor
 * chose (a store is always shown its own).
 */
export function StaffFiguresCard({ from, to, store }: { from: string; to: string; store?: string | undefined }) {
  const staff = useQuery(staffMetricsQueryOptions({ from, to, ...(store ? { store } : {}) }));
  const rows = staff.data?.staff ?? [];
  const failure = loadFailure(staff);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Por atendente</CardTitle>
        <CardDescription>
          {staff.data ? `${staff.data.store}: listas` : "Listas"} finalizadas, tempo de separação e retiradas entregues por atendente no período.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {failure ? (
          <LoadFailureMessage failure={failure} what="os números por atendente" />
        ) : staff.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma lista finalizada nem retirada entregue no período.</p>
        ) : (
          <Table aria-label="Por atendente">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Atendente</TableHead>
                <TableHead scope="col" className="text-right">
                  Listas finalizadas
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Mediana de separação
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Retiradas entregues
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.name}>
                  <TableHead scope="row" className={cn("font-normal", !row.named && "text-muted-foreground italic")}>
                    {row.name}
                  </TableHead>
                  <TableCell className="text-right tabular-nums">{formatCount(row.picklistsFinished)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatSeconds(row.medianPickSeconds)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(row.handovers)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
