/**
 * The copy buttons' helpers (docs/glossary.md: Código do item). An item's text ends with its
 * six-character product code followed by two more characters, e.g. "TENIS RUNNER 42 1234567X":
 * 'code' copies "123456", 'codeAll' the last eight, "1234567X".
 */
export type CopyVariant = "text" | "code" | "codeAll" | "phone";

export function copyValue(text: string, variant: CopyVariant = "text"): string {
  switch (variant) {
    case "code":
      return text.slice(Math.max(0, text.length - 8), Math.max(0, text.length - 2));
    case "codeAll":
      return text.slice(-8);
    case "phone":
      return text.replace(/\D/g, "");
    case "text":
      return text;
  }
}
