import { maskCpf } from "@passo/domain";

/** A customer's phone with only its last four digits: (41) 99999-1234 → (**) *****-1234. */
export function maskPhone(value: string): string {
  const total = (value.match(/\d/g) ?? []).length;
  let seen = 0;
  return value.replace(/\d/g, (digit) => (++seen > total - 4 ? digit : "*"));
}

/** A customer's e-mail with only its first letter and its domain: maria@exemplo.com → m***@exemplo.com. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${value[0]}***${value.slice(at)}`;
}

/** The CPF fields and the customer's contacts, masked as logs must show them. */
const MASKS: Record<string, (value: string) => string> = {
  customerCPF: maskCpf,
  authorizedThirdPartyCPF: maskCpf,
  withdrawalCPF: maskCpf,
  customerPhone: maskPhone,
  customerEmail: maskEmail,
};

/** A field's value as a log may show it: customers' personal data masked, everything else as it is. */
export function maskPersonalField(field: string, value: unknown): unknown {
  const mask = MASKS[field];
  return mask && typeof value === "string" && value !== "" ? mask(value) : value;
}

const CPF_TEXT = /(?<![\d.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\d])/g;
const EMAIL_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Brazilian phones: optional area code in parentheses, then 8 or 9 digits with an optional hyphen. */
const PHONE_TEXT = /\(?\b\d{2}\)?[\s-]?9?\d{4}[\s-]?\d{4}\b/g;

/**
 * Free text (a log line, an error's message or stack) with anything that looks like a CPF, an
 * e-mail address or a phone number masked. Used on every log line: a database error, say,
 * quotes the values of the failed query, and those may be a customer's.
 */
export function maskPersonalText(text: string): string {
  return text.replace(CPF_TEXT, (cpf) => maskCpf(cpf)).replace(EMAIL_TEXT, maskEmail).replace(PHONE_TEXT, maskPhone);
}
