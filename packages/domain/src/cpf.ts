/** Keeps only the digits of a CPF typed with or without punctuation. */
export function cpfDigits(value: string): string {
  return value.replace(/\D/g, "");
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A CPF's first nine digits with its two check digits appended: '529982247' → '52998224725'. */
export function completeCpf(firstNine: string): string {
  const ten = `${firstNine}${checkDigit(firstNine, 9)}`;
  return `${ten}${checkDigit(ten, 10)}`;
}

/** The Brazilian check-digit test; all-equal digits (000.000.000-00 …) are refused. */
export function isValidCpf(value: string): boolean {
  const digits = cpfDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return completeCpf(digits.slice(0, 9)) === digits;
}

/** 12345678901 → 123.456.789-01 */
export function formatCpf(value: string): string {
  const d = cpfDigits(value);
  if (d.length !== 11) return value;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** What a store is shown of a customer's CPF: 12345678901 → ***.***.789-01 */
export function maskCpf(value: string): string {
  const d = cpfDigits(value);
  if (d.length !== 11) return "***.***.***-**";
  return `***.***.${d.slice(6, 9)}-${d.slice(9)}`;
}
