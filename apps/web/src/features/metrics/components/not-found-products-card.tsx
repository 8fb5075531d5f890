import { notFoundProductItem, notFoundProductName, notFoundSizesLabel, type NotFoundGrouping } from "@passo/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ExportCsvButton } from "@/components/export/export-csv-button";
import { PressedButtons } from "@/components/filters/pressed-buttons";
import { notFoundProductsQueryOptions } from "@/api/get-products";
import type { MetricsQuery } from "../api/get-metrics";
import { formatCount } from "../format";
import { ChartCard } from "./chart-parts";

const GROUPINGS: { value: NotFoundGrouping; label: string }[] = [
  { value: "sku", label: "Por SKU" },
  { value: "reference", label: "Por referência" },
];

/**
 * 'Produtos mais vezes não encontrados': items made from the catalog count by SKU, or by model
 * (reference) with each size's count; other items by their text. 'Exportar CSV' gives the period's
 * unfound products by SKU. For the office, a row opens 'Produtos não encontrados' of 'Processos de
 * separação' filtered on it (a store's codes are plain text).
 */
export function NotFoundProductsCard({ query, productLink }: { query: MetricsQuery; productLink: ((item: string) => string) | undefined }) {
  const [by, setBy] = useState<NotFoundGrouping>("sku");
  const products = useQuery(notFoundProductsQueryOptions({ ...query, by }));
  const rows = products.data?.products;
  return (
    <ChartCard title="Produtos mais vezes não encontrados">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <PressedButtons label="Agrupar" options={GROUPINGS} value={by} onChange={setBy} />
        <ExportCsvButton path="/metrics/not-found-products/export" query={query} baseName="produtos-nao-encontrados" />
      </div>
      {rows && rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum produto não encontrado no período.</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {(rows ?? []).map((row) => (
            <li key={row.key} className="flex flex-col border-b py-1 last:border-0">
              <span className="flex justify-between gap-4">
                {productLink && !(by === "reference" && row.reference) ? (
                  <Link to={productLink(notFoundProductItem(row))} className="min-w-0 break-words font-mono underline-offset-4 hover:underline">
                    {notFoundProductName(row, by)}
                  </Link>
                ) : (
                  <span className="min-w-0 break-words font-mono">{notFoundProductName(row, by)}</span>
                )}
                <span className="tabular-nums">{formatCount(row.count)}</span>
              </span>
              {row.sizes && row.sizes.length > 0 && (
                <span className="text-muted-foreground">
                  Tamanhos: {notFoundSizesLabel(row, formatCount)}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </ChartCard>
  );
}
