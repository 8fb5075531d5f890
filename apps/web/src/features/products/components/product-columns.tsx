import type { Product } from "@passo/domain";
import { Grid3x3Icon, PencilIcon, PowerOffIcon, RotateCcwIcon } from "lucide-react";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { RowActionButton } from "@/components/data-table/row-actions";
import { useUpdateProduct } from "../api/products";
import { useProductDialogs } from "./product-dialogs-provider";
import { ActiveBadge } from "./size-grid";

function ProductRowActions({ product }: { product: Product }) {
  const { show } = useProductDialogs();
  const update = useUpdateProduct();
  return (
    <div className="flex gap-1">
      <RowActionButton
        label={`Grade de tamanhos do modelo de ${product.sku}`}
        title={product.reference ? "Grade de tamanhos" : "Produto sem referência: não há grade de tamanhos."}
        disabled={!product.reference}
        onClick={() => show("grid", product)}
      >
        <Grid3x3Icon aria-hidden="true" />
      </RowActionButton>
      <RowActionButton label={`Editar produto ${product.sku}`} title="Editar" onClick={() => show("edit", product)}>
        <PencilIcon aria-hidden="true" />
      </RowActionButton>
      {product.active ? (
        <RowActionButton label={`Desativar produto ${product.sku}`} title="Desativar" destructive onClick={() => show("retire", product)}>
          <PowerOffIcon aria-hidden="true" />
        </RowActionButton>
      ) : (
        <RowActionButton
          label={`Reativar produto ${product.sku}`}
          title="Reativar"
          disabled={update.isPending}
          onClick={() => update.mutate({ sku: product.sku, body: { active: true } })}
        >
          <RotateCcwIcon aria-hidden="true" />
        </RowActionButton>
      )}
    </div>
  );
}

const text = (value: string | null) => value ?? "—";

/** SKU, Descrição, Referência, Tamanho, Cor, Códigos de barras, Situação, Ações. */
export const productColumns: DataTableColumn<Product>[] = [
  { id: "sku", header: "SKU", cell: (p) => p.sku, className: "font-mono font-medium" },
  { id: "description", header: "Descrição", cell: (p) => p.description, className: "min-w-48 whitespace-normal" },
  { id: "reference", header: "Referência", cell: (p) => text(p.reference), className: "font-mono", priority: 2 },
  { id: "size", header: "Tamanho", cell: (p) => text(p.size), className: "tabular-nums" },
  { id: "color", header: "Cor", cell: (p) => text(p.color), priority: 3 },
  {
    id: "eans",
    header: "Códigos de barras",
    cell: (p) => (p.eans.length ? <span className="flex flex-col">{p.eans.map((ean) => <span key={ean}>{ean}</span>)}</span> : "—"),
    className: "font-mono",
    priority: 1,
  },
  { id: "status", header: "Situação", cell: (p) => <ActiveBadge active={p.active} /> },
  { id: "actions", header: "Ações", cell: (p) => <ProductRowActions product={p} />, className: "w-32" },
];
