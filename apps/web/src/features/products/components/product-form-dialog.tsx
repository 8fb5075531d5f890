import { productUpdateSchema, splitEans, type Product } from "@passo/domain";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { InputField } from "@/components/form/input-field";
import { SwitchFields } from "@/components/form/switch-fields";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldGroup } from "@/components/ui/field";
import { formResolver } from "@/lib/form-resolver";
import { useUpdateProduct } from "../api/products";

interface ProductFormValues {
  description: string;
  reference: string;
  size: string;
  color: string;
  /** The GTINs as typed: separated by spaces or commas. */
  eans: string;
  active: boolean;
}

/** The domain's update schema, the API's own rules and messages, with the GTINs as typed in one box. */
const productFormSchema = productUpdateSchema.extend({ eans: z.string().transform(splitEans).pipe(productUpdateSchema.shape.eans.unwrap()) });

export interface ProductFormDialogProps {
  product: Product | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Editar produto': everything but the SKU, which keys the product in the catalog and in the items made from it. */
export function ProductFormDialog({ product, open, onOpenChange }: ProductFormDialogProps) {
  return (
    <Dialog open={open && !!product} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar produto</DialogTitle>
          <DialogDescription>{product ? `SKU ${product.sku}. O SKU não muda; os itens já criados com ele ficam como estão.` : ""}</DialogDescription>
        </DialogHeader>
        {product && <ProductForm key={product.sku} product={product} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const update = useUpdateProduct();
  const form = useForm<ProductFormValues, unknown, z.output<typeof productFormSchema>>({
    resolver: formResolver(productFormSchema),
    defaultValues: {
      description: product.description,
      reference: product.reference ?? "",
      size: product.size ?? "",
      color: product.color ?? "",
      eans: product.eans.join(" "),
      active: product.active,
    },
  });
  const onSubmit = form.handleSubmit((body) => update.mutateAsync({ sku: product.sku, body }).then(onDone, () => undefined));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Editar produto">
      <FieldGroup>
        <InputField control={form.control} name="description" id="product-description" label="Descrição" autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField control={form.control} name="reference" id="product-reference" label="Referência" autoComplete="off" />
          <InputField control={form.control} name="size" id="product-size" label="Tamanho" autoComplete="off" />
          <InputField control={form.control} name="color" id="product-color" label="Cor" autoComplete="off" />
        </div>
        <InputField
          control={form.control}
          name="eans"
          id="product-eans"
          label="Códigos de barras"
          description="EAN-13, EAN-8, UPC ou GTIN-14, separados por espaço ou vírgula."
          inputMode="numeric"
          autoComplete="off"
        />
        <SwitchFields control={form.control} legend="Situação" switches={[{ name: "active", label: "Produto ativo" }]} idPrefix="product" />
      </FieldGroup>
      <DialogFormButtons submitLabel="Salvar" pending={update.isPending} onCancel={onDone} className="mt-6" />
    </form>
  );
}
