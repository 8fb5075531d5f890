/** The Correios tracking site, opened with the code. */
export function correiosTrackingUrl(code: string): string {
  return `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code.trim())}`;
}
