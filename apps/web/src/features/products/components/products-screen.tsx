import { FileSpreadsheet } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { ChoiceFilter } from "@/components/filters/choice-filter";
import { SearchField } from "@/components/filters/search-field";
import { Page, type ScreenTexts } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { productsQueryOptions, type ActiveFilter } from "../api/products";
import { productColumns } from "./product-columns";
import { ProductDialogs } from "./product-dialogs";
import { ProductDialogsProvider, useProductDialogs } from "./product-dialogs-provider";

const ACTIVE_OPTIONS = [
  { value: "true", label: "Ativos" },
  { value: "false", label: "Desativados" },
] as const;

/**
 * 'Produtos': the chain's catalog, searched and paged by the server; each model's size grid, edit,
 * retirement and the import. Under its title and description (the screen registry's).
 */
export function ProductsScreen(texts: ScreenTexts) {
  return (
    <ProductDialogsProvider>
      <ProductsList {...texts} />
      <ProductDialogs />
    </ProductDialogsProvider>
  );
}

function ProductsList({ title, description }: ScreenTexts) {
  const { show } = useProductDialogs();
  const [search, setSearch] = useState("");
  const [active, setActive] = useState<ActiveFilter>("true");
  const filters = { search: useDebouncedValue(search.trim()), active };
  const list = useServerPagedQuery((paging) => productsQueryOptions(filters, paging), filters);
  const filtered = filters.search !== "" || active === "false";

  return (
    <Page
      title={title}
      description={description}
      actions={
        <Button variant="outline" onClick={() => show("import")}>
          <FileSpreadsheet aria-hidden="true" />
          Importar produtos
        </Button>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField value={search} onChange={setSearch} label="Pesquisar por SKU, código de barras ou descrição" />
        <ChoiceFilter label="Situação" allLabel="Ativos e desativados" value={active} onChange={setActive} options={ACTIVE_OPTIONS} />
      </div>
      <DataTable
        caption="Produtos"
        columns={productColumns}
        rows={list.query.data?.products}
        {...list.tableProps}
        rowKey={(product) => product.sku}
        emptyText={filtered ? "Nenhum produto encontrado." : "O catálogo está vazio. Use 'Importar produtos' para trazer os produtos de uma planilha."}
      />
    </Page>
  );
}
