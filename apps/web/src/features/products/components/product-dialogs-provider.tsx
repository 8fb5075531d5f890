import type { Product } from "@passo/domain";
import { createDialogsProvider } from "@/components/feedback/dialogs-provider";

/** The dialogs of 'Produtos': a product's edit, its retirement, its model's size grid, and the import. */
export type ProductDialog = "edit" | "retire" | "grid" | "import";

const productDialogs = createDialogsProvider<ProductDialog, Product>("Product");

export const ProductDialogsProvider = productDialogs.Provider;
export const useProductDialogs = productDialogs.useDialogs;
