import { notFoundSizesLabel, type NotFoundByProduct, type NotFoundGrouping } from "@passo/domain";
import { useQuery } from "@tanstack/react-query";
import { notFoundProductsQueryOptions, type NotFoundProductsQuery } from "@/api/get-products";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { CopyButton } from "@/components/feedback/copy-button";
import { ExportCsvButton } from "@/components/export/export-csv-button";
import { PressedButtons } from "@/components/filters/pressed-buttons";
import { loadFailure } from "@/lib/load-failure";

/** How 'Produtos não encontrados' shows its rows: one per item (the spec's table), or counted by product. */
export type NotFoundView = "item" | NotFoundGrouping;

const VIEWS: { value: NotFoundView; label: string }[] = [
  { value: "item", label: "Por item" },
  { value: "sku", label: "Por SKU" },
  { value: "reference", label: "Por referência" },
];

/** The most products a grouped view shows; the CSV has them all. */
const GROUPED_LIMIT = 100;

/** 'Por item', 'Por SKU', 'Por referência': the buttons above the section's table. */
export function NotFoundViewSwitch({ view, onChange }: { view: NotFoundView; onChange: (view: NotFoundView) => void }) {
  return <PressedButtons label="Agrupar produtos não encontrados" options={VIEWS} value={view} onChange={onChange} />;
}

function columnsFor(by: NotFoundGrouping): DataTableColumn<NotFoundByProduct>[] {
  const code = (row: NotFoundByProduct) => (by === "reference" ? row.reference : row.sku);
  return [
    {
      id: "product",
      header: "Produto",
      // An item not from the catalog has its own text as its description.
      cell: (row) => <span className="min-w-0 break-words whitespace-normal">{by === "sku" && row.size ? `${row.description} ${row.size}` : row.description}</span>,
    },
    {
      id: "code",
      header: by === "reference" ? "Referência" : "SKU",
      cell: (row) => {
        const value = code(row);
        return value ? (
          <span className="flex items-center gap-2 font-mono">
            {value}
            <CopyButton value={value} variant="code" label={`Copiar ${by === "reference" ? "referência" : "SKU"} ${value}`} />
          </span>
        ) : (
          <span className="text-muted-foreground">Fora do catálogo</span>
        );
      },
    },
    ...(by === "reference"
      ? [{ id: "sizes", header: "Tamanhos", cell: (row: NotFoundByProduct) => notFoundSizesLabel(row) || "—", priority: 1 }]
      : [{ id: "size", header: "Tamanho", cell: (row: NotFoundByProduct) => row.size ?? "—", priority: 1 }]),
    { id: "count", header: "Não encontrados", cell: (row) => row.count, className: "text-right tabular-nums" },
  ];
}

/**
 * 'Produtos não encontrados' counted by product over the section's period: the items made from the
 * catalog by SKU (with the size) or by model (each size's count), the others by their own text; most
 * often unfound first, the first hundred on screen and all of them in 'Exportar CSV' (by SKU).
 */
export function NotFoundByProductTable({ query }: { query: NotFoundProductsQuery }) {
  const products = useQuery(notFoundProductsQueryOptions({ ...query, limit: GROUPED_LIMIT }));
  const rows = products.data?.products;
  const period = { from: query.from, to: query.to, store: query.store };
  const title = query.by === "reference" ? "Produtos não encontrados por referência" : "Produtos não encontrados por SKU";
  return (
    <div className="flex flex-col gap-2">
      <DataTable
        caption={title}
        columns={columnsFor(query.by)}
        rows={rows}
        loading={products.isPending}
        refreshing={products.isPlaceholderData}
        emptyText="Nenhum produto pendente"
        rowKey={(row) => row.key}
        failure={loadFailure(products)}
      />
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        {rows && rows.length >= GROUPED_LIMIT && <span>Os {GROUPED_LIMIT} produtos mais vezes não encontrados. O CSV traz todos.</span>}
        <ExportCsvButton path="/metrics/not-found-products/export" query={period} baseName="produtos-nao-encontrados" />
      </div>
    </div>
  );
}
