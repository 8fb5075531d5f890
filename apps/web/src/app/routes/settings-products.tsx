import type { ScreenTexts } from "@/components/layout/page";
import { ProductsScreen } from "@/features/products/components/products-screen";

/** 'Produtos': the catalog, its size grid and 'Importar produtos'. */
export default function SettingsProductsRoute(texts: ScreenTexts) {
  return <ProductsScreen {...texts} />;
}
