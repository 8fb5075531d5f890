import type { Product } from "@passo/domain";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** Sizes in the order a shoe shelf has them: numbers by value (33 before 4½ before 40), then the rest ('P', 'M'). */
export function bySize(a: Pick<Product, "size" | "color" | "sku">, b: Pick<Product, "size" | "color" | "sku">): number {
  const number = (size: string | null) => (size && /^\d+([.,]\d+)?$/.test(size) ? Number(size.replace(",", ".")) : Number.POSITIVE_INFINITY);
  return (
    number(a.size) - number(b.size) ||
    (a.size ?? "").localeCompare(b.size ?? "", "pt-BR") ||
    (a.color ?? "").localeCompare(b.color ?? "", "pt-BR") ||
    a.sku.localeCompare(b.sku)
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "secondary" : "outline"}>{active ? "Ativo" : "Desativado"}</Badge>;
}

/**
 * A model's sizes side by side (the 'grade de tamanhos'): one column a size, and under it its SKU,
 * its barcodes, and whether it is active; the colour too when the model comes in more than one.
 */
export function SizeGrid({ products, caption }: { products: readonly Product[]; caption: string }) {
  const columns = [...products].sort(bySize);
  const colors = new Set(columns.map((p) => p.color ?? ""));
  const rows: { title: string; cell: (p: Product) => ReactNode }[] = [
    ...(colors.size > 1 ? [{ title: "Cor", cell: (p: Product) => p.color ?? "—" }] : []),
    { title: "SKU", cell: (p) => <span className="font-mono">{p.sku}</span> },
    {
      title: "Código de barras",
      cell: (p) =>
        p.eans.length === 0 ? (
          "—"
        ) : (
          <span className="flex flex-col font-mono text-xs">
            {p.eans.map((ean) => (
              <span key={ean}>{ean}</span>
            ))}
          </span>
        ),
    },
    { title: "Situação", cell: (p) => <ActiveBadge active={p.active} /> },
  ];
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className="sticky left-0 z-10 bg-background">
              Tamanho
            </TableHead>
            {columns.map((p) => (
              <TableHead key={p.sku} scope="col" className="text-center text-base font-semibold tabular-nums">
                {p.size ?? "—"}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.title}>
              <TableHead scope="row" className="sticky left-0 z-10 bg-background font-medium whitespace-nowrap text-muted-foreground">
                {row.title}
              </TableHead>
              {columns.map((p) => (
                <TableCell key={p.sku} className={p.active ? "px-1.5 text-center" : "px-1.5 text-center text-muted-foreground"}>
                  {row.cell(p)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
