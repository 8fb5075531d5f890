import { ITEM_MAX, productItemText, type Nfe, type Product } from "@passo/domain";
import { addLine, type PickedLine } from "@/components/products/product-picker";
import { maskCpfInput, maskPhoneInput } from "@/lib/input-masks";

/** The customer fields an NF-e fills, with how the office's summary names them. */
const CUSTOMER_FIELDS = [
  ["customerFullName", "name", "nome"],
  ["customerCPF", "cpf", "CPF"],
  ["customerEmail", "email", "e-mail"],
  ["customerPhone", "phone", "telefone"],
] as const;

type CustomerField = (typeof CUSTOMER_FIELDS)[number][0];

export interface NfePrefill {
  /** Only the fields that were empty and that the NF-e gives a value for. */
  customer: Partial<Record<CustomerField, string>>;
  /** The items found in the catalog by their EAN, as the product picker's lines. */
  lines: PickedLine[];
  /** The others, as typed items: '3 × MEIA ESPORTIVA CANO CURTO MEIA-ESP-01'. */
  items: string[];
  /** What was filled, for the office: 'nome, CPF, 2 produtos do catálogo e 1 item digitado'. */
  summary: string;
}

/** An item the catalog does not know, as a typed item: its quantity, description and the issuer's code. */
export function nfeItemText(item: Nfe["items"][number]): string {
  const code = item.code && !item.description.toUpperCase().includes(item.code.toUpperCase()) ? ` ${item.code}` : "";
  return `${item.quantity} × ${item.description}${code}`.slice(0, ITEM_MAX);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'a, b e c'. */
function joinPt(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} e ${parts[parts.length - 1]}`;
}

/**
 * What the NF-e read by the upload puts on 'Criar nova retirada': the customer's fields that are
 * still empty, and the items, each matched to the catalog by its EAN (`findProduct` answers the
 * product or undefined); the unmatched ones stay as text.
 */
export async function nfePrefill(
  nfe: Nfe,
  current: Record<CustomerField, string>,
  findProduct: (ean: string) => Promise<Product | undefined>,
): Promise<NfePrefill> {
  const given: Record<(typeof CUSTOMER_FIELDS)[number][1], string> = {
    name: nfe.customer.name,
    cpf: maskCpfInput(nfe.customer.cpf),
    email: nfe.customer.email,
    phone: nfe.customer.phone ? maskPhoneInput(nfe.customer.phone) : "",
  };
  const customer: NfePrefill["customer"] = {};
  const filled: string[] = [];
  for (const [field, key, label] of CUSTOMER_FIELDS) {
    if (current[field].trim() || !given[key]) continue;
    customer[field] = given[key];
    filled.push(label);
  }

  const eans = [...new Set(nfe.items.map((item) => item.ean).filter(Boolean))];
  const found = new Map(await Promise.all(eans.map(async (ean) => [ean, await findProduct(ean)] as const)));
  let lines: PickedLine[] = [];
  const items: string[] = [];
  for (const item of nfe.items) {
    const product = item.ean ? found.get(item.ean) : undefined;
    if (!product) {
      items.push(nfeItemText(item));
      continue;
    }
    lines = addLine(lines, { code: product.sku, quantity: item.quantity, item: productItemText(product) });
  }
  if (lines.length) filled.push(count(lines.length, "produto do catálogo", "produtos do catálogo"));
  if (items.length) filled.push(count(items.length, "item digitado", "itens digitados"));
  return { customer, lines, items, summary: filled.length ? `Preenchido: ${joinPt(filled)}.` : "Nenhum campo vazio a preencher." };
}
