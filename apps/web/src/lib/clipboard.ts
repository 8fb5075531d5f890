import { toast } from "@/lib/toast";

/** The copy-to-clipboard toasts. */
export const COPY_MESSAGES = {
  copied: "Texto copiado para a área de transferência!",
  failed: "Falha ao copiar o texto.",
  unavailable: "API de área de transferência não disponível.",
} as const;

/** Writes `text` to the clipboard and tells the user how it went. Resolves to whether it was copied. */
export async function copyText(text: string): Promise<boolean> {
  // Missing outside secure contexts (plain http) and in some embedded browsers.
  const clipboard = typeof navigator === "undefined" ? undefined : (navigator.clipboard as Clipboard | undefined);
  if (!clipboard?.writeText) {
    toast.error(COPY_MESSAGES.unavailable);
    return false;
  }
  try {
    await clipboard.writeText(text);
    toast.success(COPY_MESSAGES.copied);
    return true;
  } catch {
    toast.error(COPY_MESSAGES.failed);
    return false;
  }
}
