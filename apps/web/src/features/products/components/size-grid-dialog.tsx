import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useModelProducts } from "../api/products";
import { SizeGrid } from "./size-grid";

/** 'Grade de tamanhos': every size of one model (its reference), active or not. */
export function SizeGridDialog({ reference, onOpenChange }: { reference: string | null; onOpenChange: (open: boolean) => void }) {
  const model = useModelProducts(reference);
  const products = model.data?.products ?? [];
  const description = products[0]?.description;
  return (
    <Dialog open={!!reference} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[min(84rem,calc(100vw-4rem))]">
        <DialogHeader>
          <DialogTitle>Grade de tamanhos</DialogTitle>
          <DialogDescription>
            Referência {reference}
            {description ? ` · ${description}` : ""}
          </DialogDescription>
        </DialogHeader>
        {model.isPending ? (
          <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner aria-hidden="true" />
            Carregando a grade...
          </p>
        ) : model.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Não foi possível carregar a grade. Tente novamente.
          </p>
        ) : (
          <SizeGrid products={products} caption={`Grade de tamanhos da referência ${reference}`} />
        )}
      </DialogContent>
    </Dialog>
  );
}
