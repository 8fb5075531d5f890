import { CATALOG_MESSAGES, LINE_QUANTITY_MAX, isGtinShaped, normalizeSku, productItemText, type CatalogLine, type Product } from "@passo/domain";
import { PlusIcon, XIcon } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { getProductByCode, useProducts } from "@/api/get-products";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";

/** A line chosen from the catalog: what the create call sends (`code`, `quantity`) and the item text it shows. */
export interface PickedLine extends CatalogLine {
  item: string;
}

/** '3 × TÊNIS RUNNER MASC PRETO 42 48213042'. */
export const lineLabel = (line: Pick<PickedLine, "quantity" | "item">) => `${line.quantity} × ${line.item}`;

/** The wire's `lines` of the chosen lines, or nothing when none was chosen. */
export const linesToSend = (lines: readonly PickedLine[]) =>
  lines.length === 0 ? {} : { lines: lines.map(({ code, quantity }) => ({ code, quantity })) };

/**
 * The lines a create form picked, and `hasLines` for its resolver (allowingCatalogLines): stable,
 * it reads the latest lines.
 */
export function usePickedLines() {
  const [lines, setLines] = useState<PickedLine[]>([]);
  const latest = useRef(lines);
  useEffect(() => {
    latest.current = lines;
  }, [lines]);
  const hasLines = useCallback(() => latest.current.length > 0, []);
  return { lines, setLines, hasLines };
}

/** A model's sizes in order: numbers by value (33 before 4A), then the rest as text. */
function bySize(a: Product, b: Product): number {
  const [x, y] = [a.size ?? "", b.size ?? ""];
  const [nx, ny] = [Number(x.replace(",", ".")), Number(y.replace(",", "."))];
  if (Number.isFinite(nx) && Number.isFinite(ny) && x !== "" && y !== "") return nx - ny;
  return x.localeCompare(y, "pt-BR", { numeric: true });
}

/** The words before the search asks the server, and the pause after the last key. */
const SEARCH_MIN_LENGTH = 2;
const SEARCH_DELAY_MS = 250;

/** Adds `line` to `lines`, summing the quantity of a product already chosen (up to the maximum). */
export function addLine(lines: readonly PickedLine[], line: PickedLine): PickedLine[] {
  const at = lines.findIndex((current) => current.code === line.code);
  if (at < 0) return [...lines, line];
  return lines.map((current, index) => (index === at ? { ...current, quantity: Math.min(LINE_QUANTITY_MAX, current.quantity + line.quantity) } : current));
}

export interface ProductPickerProps {
  lines: readonly PickedLine[];
  onChange: (lines: PickedLine[]) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * 'Produtos do catálogo', beside the free-text items: a code typed or scanned (GTIN or SKU, then
 * Enter) or words of the description find a product; the model's sizes show as a grid to pick
 * from; a quantity (1–999) and 'Incluir' add the line. The server turns each line into that many
 * copies of the product's item text.
 */
export function ProductPicker({ lines, onChange, disabled = false, className }: ProductPickerProps) {
  const headingId = useId();
  const quantityId = useId();
  const messageId = useId();
  const sizesId = useId();
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<Product | null>(null);
  const [quantity, setQuantity] = useState("1");
  const [message, setMessage] = useState<string | null>(null);
  const [lookingUp, setLookingUp] = useState(false);

  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const searching = search.length >= SEARCH_MIN_LENGTH && text.trim() !== "";
  const found = useProducts({ search, pageSize: 20 }, searching);
  const results = searching ? (found.data ?? []) : [];
  const sizes = useProducts({ reference: chosen?.reference ?? "", pageSize: 100 }, Boolean(chosen?.reference));
  const grid = chosen ? [...(sizes.data?.some((p) => p.sku === chosen.sku) ? sizes.data : [chosen, ...(sizes.data ?? [])])].sort(bySize) : [];

  const count = Number(quantity);
  const quantityValid = /^\d+$/.test(quantity) && count >= 1 && count <= LINE_QUANTITY_MAX;

  const choose = (product: Product) => {
    setChosen(product);
    setMessage(null);
    setText("");
  };

  // A scanner types the code and Enter: the code is looked up whole, not searched.
  const lookUp = async (code: string) => {
    setLookingUp(true);
    try {
      choose(await getProductByCode(code));
    } catch (error) {
      setMessage(error instanceof ApiError && error.status < 500 ? error.message : CATALOG_MESSAGES.notInCatalog);
    } finally {
      setLookingUp(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    const code = normalizeSku(text);
    // Words pick from the list; a GTIN, or a code the list does not hold, is looked up.
    const listed = results.some((product) => product.sku === code || product.eans.includes(code));
    if (code === "" || code.includes(" ") || (!isGtinShaped(code) && results.length > 0 && !listed)) return;
    event.preventDefault();
    void lookUp(code);
  };

  const include = () => {
    if (!chosen || !quantityValid) return;
    onChange(addLine(lines, { code: chosen.sku, quantity: count, item: productItemText(chosen) }));
    setChosen(null);
    setQuantity("1");
  };

  return (
    <section aria-labelledby={headingId} className={cn("flex flex-col gap-3 rounded-md border p-3", className)}>
      <h3 id={headingId} className="text-sm font-medium">
        Produtos do catálogo
      </h3>
      <Command shouldFilter={false} label="Buscar produto do catálogo" className="rounded-md border bg-transparent">
        <CommandInput
          value={text}
          onValueChange={(value) => {
            setText(value);
            setMessage(null);
          }}
          onKeyDown={onKeyDown}
          disabled={disabled}
          placeholder="Código de barras, SKU ou descrição"
          aria-describedby={messageId}
          aria-invalid={message ? true : undefined}
        />
        {/* Always there, hidden while nothing is searched: the input's aria-controls names it. */}
        <CommandList hidden={!searching}>
          {searching && (
            <>
              {found.isFetching && results.length === 0 ? (
                <div role="status" className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground">
                  <Spinner aria-hidden="true" />
                  Carregando...
                </div>
              ) : (
                <CommandEmpty>Nenhum produto encontrado.</CommandEmpty>
              )}
              {results.map((product) => (
                <CommandItem key={product.sku} value={product.sku} onSelect={() => choose(product)}>
                  <span className="min-w-0 flex-1 break-words">{productItemText(product)}</span>
                </CommandItem>
              ))}
            </>
          )}
        </CommandList>
      </Command>
      <p id={messageId} role="status" className={cn("min-h-5 text-sm", message ? "font-medium text-destructive" : "text-muted-foreground")}>
        {lookingUp ? "Buscando o código..." : message}
      </p>

      {chosen && (
        <div className="flex flex-col gap-3">
          <p className="text-sm">{chosen.description}</p>
          <div role="group" aria-labelledby={sizesId} className="flex flex-col gap-2">
            <span id={sizesId} className="text-sm font-medium">
              Tamanho
            </span>
            <div className="flex flex-wrap gap-1">
              {grid.map((product) => (
                <Button
                  key={product.sku}
                  type="button"
                  size="sm"
                  variant={product.sku === chosen.sku ? "default" : "outline"}
                  aria-pressed={product.sku === chosen.sku}
                  aria-label={`Tamanho ${product.size ?? product.sku}`}
                  className="min-w-11 tabular-nums"
                  disabled={disabled}
                  onClick={() => setChosen(product)}
                >
                  {product.size ?? product.sku}
                </Button>
              ))}
            </div>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={quantityId}>Quantidade</Label>
              <Input
                id={quantityId}
                inputMode="numeric"
                autoComplete="off"
                className="w-24"
                value={quantity}
                disabled={disabled}
                aria-invalid={quantityValid ? undefined : true}
                onChange={(event) => setQuantity(event.target.value.replace(/\D/g, "").slice(0, 3))}
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  include();
                }}
              />
            </div>
            <Button type="button" variant="secondary" disabled={disabled || !quantityValid} onClick={include}>
              <PlusIcon aria-hidden="true" />
              Incluir
            </Button>
            <Button type="button" variant="ghost" disabled={disabled} onClick={() => setChosen(null)}>
              Cancelar
            </Button>
          </div>
          {!quantityValid && <p className="text-sm text-destructive">{CATALOG_MESSAGES.quantityInvalid}</p>}
        </div>
      )}

      {lines.length > 0 && (
        <ul aria-label="Produtos escolhidos" className="flex flex-col gap-1 text-sm">
          {lines.map((line) => (
            <li key={line.code} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 break-words">{lineLabel(line)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                disabled={disabled}
                aria-label={`Remover ${lineLabel(line)}`}
                onClick={() => onChange(lines.filter((current) => current.code !== line.code))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
