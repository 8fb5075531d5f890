import { z } from "zod";
import { isValidCpf } from "./cpf.js";

/** Shared field rules; each carries its Portuguese message. */

export { SEARCH_HEADER } from "./headers.js";

export const ORDER_NUMBER_LENGTH = 16;
export const TRANSFER_NUMBER_PATTERN = /^\d{6}$/;
export const PHONE_PATTERN = /^\(\d{2}\) ?\d{5}-\d{4}$/;
export const RETURN_EXPIRY_DAYS = 30;
/** The most rows one page of the three flows' lists holds (`pageSize`). */
export const LIST_PAGE_SIZE_MAX = 200;

/** A trimmed string; a missing value or one that is not a string gets the "required" message. */
export function trimmed(requiredMessage: string) {
  return z.string({ error: requiredMessage }).trim();
}

export const orderNumberSchema = trimmed("Informe o número do pedido.")
  .pipe(z.string().min(1, "Informe o número do pedido.").length(ORDER_NUMBER_LENGTH, "Número do pedido deve conter 16 caracteres."));

/**
 * What a name or an item never holds, the one rule for them all: C0 and C1 control characters (a
 * tab and line breaks included: a name or an item is one line), the bidi embeddings, overrides and
 * isolates that reorder what a person reads (U+202A–U+202E, U+2066–U+2069), and a lone UTF-16
 * surrogate (half a character, which no database stores).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const UNSAFE_TEXT = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** True when a text holds none of the characters a name or an item never holds (UNSAFE_TEXT). */
export const isPlainText = (text: string) => !UNSAFE_TEXT.test(text);

/** A field's text under the plain-text rule, with the field's own message. */
export const plainText = (message: string) => z.string().refine(isPlainText, message);

export const customerNameSchema = trimmed("Informe o nome do cliente.")
  .pipe(z.string().min(1, "Informe o nome do cliente.").min(3, "O nome do cliente deve ter no mínimo 3 caracteres.").max(200, "O nome do cliente deve ter no máximo 200 caracteres."))
  .pipe(plainText("O nome do cliente tem caracteres não permitidos."));

/** CPF as typed: punctuation is dropped, then 11 digits that pass the check-digit test. */
export const cpfSchema = z
  .string({ error: "Informe o CPF do cliente." })
  .transform((v) => v.replace(/[.\-\s]/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Informe o CPF do cliente.")
      .length(11, "CPF deve conter exatamente 11 dígitos.")
      .refine(isValidCpf, "CPF inválido."),
  );

export const phoneSchema = trimmed("Informe o telefone do cliente.")
  .pipe(z.string().min(1, "Informe o telefone do cliente.").regex(PHONE_PATTERN, "Formato de telefone inválido. Ex: (41) 99999-9999"));

export const customerEmailSchema = trimmed("Informe o e-mail do cliente.")
  .pipe(z.string().min(1, "Informe o e-mail do cliente.").max(254, "Informe um e-mail válido.").pipe(z.email("Informe um e-mail válido.")));

export const ITEM_MAX = 500;
export const ITEMS_MAX = 500;
export const ITEMS_TOO_MANY = `A lista deve ter no máximo ${ITEMS_MAX} itens.`;

/** One line of an item list: trimmed, never empty. */
export const itemSchema = trimmed("Informe o item.")
  .pipe(z.string().min(1, "Informe o item.").max(ITEM_MAX, `Cada item deve ter no máximo ${ITEM_MAX} caracteres.`))
  .pipe(plainText("O item tem caracteres não permitidos."));

export function itemListSchema(emptyMessage: string) {
  return z
    .array(itemSchema, { error: emptyMessage })
    .min(1, emptyMessage)
    .max(ITEMS_MAX, ITEMS_TOO_MANY);
}

export const TRANSFER_NUMBER_MESSAGE = "O número da transferência deve conter 6 dígitos.";

export const transferNumberSchema = trimmed(TRANSFER_NUMBER_MESSAGE).pipe(z.string().regex(TRANSFER_NUMBER_PATTERN, TRANSFER_NUMBER_MESSAGE));

/** The company's mail domain rule shared by users and recipients. */
export interface Company {
  name: string;
  emailDomain: string;
}

export function companyEmailSchema(company: Company) {
  const suffix = `@${company.emailDomain.toLowerCase()}`;
  return trimmed("Insira o e-mail")
    .pipe(
      z
        .string()
        .min(1, "Insira o e-mail")
        .max(254, "Por favor, insira um e-mail válido.")
        .pipe(z.email("Por favor, insira um e-mail válido."))
        .refine((v) => v.toLowerCase().endsWith(suffix), `O e-mail precisa ser da ${company.name}`),
    )
    .transform((v) => v.toLowerCase());
}

/**
 * A timestamp on the wire: an ISO-8601 string outside, a Date inside. The API's
 * serializer encodes Dates to strings; a client decoding a response gets Dates back.
 */
export const timestampSchema = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});
