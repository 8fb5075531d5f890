import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { useUpdateProduct } from "../api/products";
import { useProductDialogs } from "./product-dialogs-provider";
import { ProductFormDialog } from "./product-form-dialog";
import { ProductImportDialog } from "./product-import-dialog";
import { SizeGridDialog } from "./size-grid-dialog";

/** The 'Produtos' dialogs, mounted once and opened through ProductDialogsProvider. */
export function ProductDialogs() {
  const { open, setOpen, currentRow } = useProductDialogs();
  const update = useUpdateProduct();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  return (
    <>
      <ProductFormDialog product={open === "edit" ? currentRow : null} open={open === "edit"} onOpenChange={close} />
      <SizeGridDialog reference={open === "grid" ? (currentRow?.reference ?? null) : null} onOpenChange={close} />
      {open === "import" && <ProductImportDialog onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === "retire"}
        onOpenChange={close}
        title={currentRow ? `Desativar o produto ${currentRow.sku}?` : "Desativar produto?"}
        description="Ele deixa de aparecer na escolha de produtos e os seus códigos de barras ficam livres para outro produto. As listas, retiradas e devoluções já criadas não mudam. Você pode reativá-lo depois."
        confirmLabel="Desativar"
        variant="destructive"
        onConfirm={() => currentRow && update.mutateAsync({ sku: currentRow.sku, body: { active: false } })}
      />
    </>
  );
}
