import { z } from "zod";
import { LINE_QUANTITY_MAX } from "./catalog.js";

/** The largest NF-e XML the upload reads: an NF-e of 990 items is far below it. */
export const MAX_NFE_XML_BYTES = 1024 * 1024;
/** How deep an NF-e's elements may nest (nfeProc › NFe › infNFe › det › imposto › ICMS › ICMS00 › … is about 8). */
export const MAX_NFE_XML_DEPTH = 32;

/** The texts of the NF-e XML upload, the API answering in the same words. */
export const NFE_MESSAGES = {
  invalidKey: "Chave de acesso da NF-e inválida.",
  notNfe: "O XML enviado não é uma NF-e.",
  malformed: "O XML enviado está incompleto ou malformado.",
  declarations: "O XML da NF-e não pode conter declarações DOCTYPE ou ENTITY.",
  tooLarge: `O XML da NF-e deve ter no máximo ${MAX_NFE_XML_BYTES / 1024 / 1024} MB.`,
  layout: "Somente o layout 4.00 da NF-e é aceito.",
  noItems: "A NF-e não tem itens.",
  quantity: (item: number) => `A quantidade do item ${item} da NF-e deve ser um número inteiro de 1 a ${LINE_QUANTITY_MAX}.`,
  /** The XML could not be sent or its answer read (no connection…). */
  unreadable: "Não foi possível ler a NF-e. Tente enviar de novo.",
  /** What the office is told when the form was filled from the XML. */
  read: "NF-e lida. Confira os dados preenchidos.",
} as const;

/** The models an access key may carry at its positions 21–22: NF-e (55) and NFC-e (65). */
export const NFE_MODELS = ["55", "65"] as const;

/**
 * The mod-11 check digit of an access key's first 43 digits: from the right, they weigh
 * 2, 3, …, 9, 2, 3, …; a remainder of 0 or 1 gives 0, any other r gives 11 − r.
 */
export function accessKeyCheckDigit(first43: string): number {
  let sum = 0;
  for (let i = first43.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) sum += Number(first43[i]) * weight;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** 44 digits, model 55 or 65, and the last digit the mod-11 check digit of the others. */
export function isValidAccessKey(key: string): boolean {
  if (!/^\d{44}$/.test(key)) return false;
  if (!(NFE_MODELS as readonly string[]).includes(key.slice(20, 22))) return false;
  return accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

/** What an access key says of its invoice, field by field (Manual de Orientação do Contribuinte, 2.2.6). */
export interface AccessKeyParts {
  /** IBGE code of the issuer's state (35 São Paulo, 41 Paraná, …). */
  uf: string;
  /** Year and month of issue, AAMM. */
  yearMonth: string;
  cnpj: string;
  model: string;
  series: string;
  number: string;
  emissionType: string;
  code: string;
  checkDigit: string;
}

/** The fields of a valid access key, or undefined for one that is not. */
export function accessKeyParts(key: string): AccessKeyParts | undefined {
  if (!isValidAccessKey(key)) return undefined;
  return {
    uf: key.slice(0, 2),
    yearMonth: key.slice(2, 6),
    cnpj: key.slice(6, 20),
    model: key.slice(20, 22),
    series: key.slice(22, 25),
    number: key.slice(25, 34),
    emissionType: key.slice(34, 35),
    code: key.slice(35, 43),
    checkDigit: key.slice(43),
  };
}

/** The states by their IBGE code, the first two digits of an access key (cUF). */
export const IBGE_UF = {
  "11": { uf: "RO", name: "Rondônia" },
  "12": { uf: "AC", name: "Acre" },
  "13": { uf: "AM", name: "Amazonas" },
  "14": { uf: "RR", name: "Roraima" },
  "15": { uf: "PA", name: "Pará" },
  "16": { uf: "AP", name: "Amapá" },
  "17": { uf: "TO", name: "Tocantins" },
  "21": { uf: "MA", name: "Maranhão" },
  "22": { uf: "PI", name: "Piauí" },
  "23": { uf: "CE", name: "Ceará" },
  "24": { uf: "RN", name: "Rio Grande do Norte" },
  "25": { uf: "PB", name: "Paraíba" },
  "26": { uf: "PE", name: "Pernambuco" },
  "27": { uf: "AL", name: "Alagoas" },
  "28": { uf: "SE", name: "Sergipe" },
  "29": { uf: "BA", name: "Bahia" },
  "31": { uf: "MG", name: "Minas Gerais" },
  "32": { uf: "ES", name: "Espírito Santo" },
  "33": { uf: "RJ", name: "Rio de Janeiro" },
  "35": { uf: "SP", name: "São Paulo" },
  "41": { uf: "PR", name: "Paraná" },
  "42": { uf: "SC", name: "Santa Catarina" },
  "43": { uf: "RS", name: "Rio Grande do Sul" },
  "50": { uf: "MS", name: "Mato Grosso do Sul" },
  "51": { uf: "MT", name: "Mato Grosso" },
  "52": { uf: "GO", name: "Goiás" },
  "53": { uf: "DF", name: "Distrito Federal" },
} as const satisfies Record<string, { uf: string; name: string }>;

/** The state of an IBGE code ("35" → SP, São Paulo), or undefined for a code no state has. */
export function ufOfIbgeCode(code: string): { uf: string; name: string } | undefined {
  return Object.hasOwn(IBGE_UF, code) ? IBGE_UF[code as keyof typeof IBGE_UF] : undefined;
}

/** What the models of an access key are called. */
export const NFE_MODEL_NAMES: Record<(typeof NFE_MODELS)[number], string> = { "55": "NF-e", "65": "NFC-e" };

/** 12345678000195 → 12.345.678/0001-95; anything but 14 digits as it is. */
export function formatCnpj(value: string): string {
  if (!/^\d{14}$/.test(value)) return value;
  return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
}

/** 1234 → 000.001.234, as a DANFE prints the NF-e's number; anything longer than 9 digits as it is. */
export function formatNfeNumber(value: string): string {
  const digits = value.padStart(9, "0");
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` : value;
}

/** An access key's fields as the office reads them beside the file, or undefined for a key that is not valid. */
export interface AccessKeyFields {
  /** "3526 1112 …", in groups of four. */
  key: string;
  /** "SP (São Paulo)", or the bare code when no state has it. */
  state: string;
  /** "11/2026". */
  issued: string;
  cnpj: string;
  /** "55 (NF-e)". */
  model: string;
  /** "1", without the key's leading zeros. */
  series: string;
  /** "000.001.234". */
  number: string;
}

export function accessKeyFields(key: string): AccessKeyFields | undefined {
  const parts = accessKeyParts(key);
  if (!parts) return undefined;
  const state = ufOfIbgeCode(parts.uf);
  return {
    key: formatAccessKey(key),
    state: state ? `${state.uf} (${state.name})` : parts.uf,
    issued: `${parts.yearMonth.slice(2)}/20${parts.yearMonth.slice(0, 2)}`,
    cnpj: formatCnpj(parts.cnpj),
    model: `${parts.model} (${NFE_MODEL_NAMES[parts.model as (typeof NFE_MODELS)[number]]})`,
    series: String(Number(parts.series)),
    number: formatNfeNumber(parts.number),
  };
}

/** 44 digits in groups of four, as a DANFE prints them. */
export function formatAccessKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * A phone as the NF-e writes it (digits only, with the area code, sometimes the country's 55)
 * in the pickup form's shape, "(41) 99999-9999"; a number that does not fit keeps its digits.
 */
export function nfePhone(value: string): string {
  let digits = value.replace(/\D/g, "");
  if (digits.length === 13 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length !== 11) return digits;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

export const nfeItemSchema = z.object({
  description: z.string(),
  /** The issuer's product code (cProd). */
  code: z.string(),
  /** The item's GTIN (cEAN), empty when the NF-e says 'SEM GTIN' or gives none. */
  ean: z.string(),
  quantity: z.number().int().min(1).max(LINE_QUANTITY_MAX),
});
export type NfeItem = z.output<typeof nfeItemSchema>;

/** What the upload reads from an NF-e's XML: empty strings where the NF-e says nothing. */
export const nfeSchema = z.object({
  accessKey: z.string().refine(isValidAccessKey, NFE_MESSAGES.invalidKey),
  number: z.string(),
  series: z.string(),
  /** dhEmi as written, an ISO 8601 date-time with its offset. */
  issuedAt: z.string(),
  customer: z.object({ name: z.string(), cpf: z.string(), email: z.string(), phone: z.string() }),
  items: z.array(nfeItemSchema).min(1, NFE_MESSAGES.noItems),
});
export type Nfe = z.output<typeof nfeSchema>;
