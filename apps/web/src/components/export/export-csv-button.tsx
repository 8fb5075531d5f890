import { useState } from "react";
import { DownloadIcon } from "lucide-react";
import { csvFileName } from "@passo/domain";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, TOKEN_COOKIE, toSearchParams, withSearchHeader } from "@/lib/api-client";
import { readCookie } from "@/lib/cookies";
import { downloadBlob } from "@/lib/download";
import { todayKey } from "@/lib/dates";

type Query = Parameters<typeof toSearchParams>[0];

/** Downloads a CSV export (every row of the filter, not only the page shown) as the file the server names. */
export async function downloadCsv(path: string, query: Query, fallbackName: string): Promise<void> {
  const token = readCookie(TOKEN_COOKIE);
  const moved = withSearchHeader(query, token ? { authorization: `Bearer ${token}` } : {});
  const response = await fetch(`/api${path}${toSearchParams(moved.query)}`, { headers: moved.headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, body.error ?? "Não foi possível exportar.");
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  downloadBlob(await response.blob(), name);
}

/**
 * 'Exportar CSV': the filtered result, all pages. The server names the file with its period;
 * `baseName` names it the same way should the answer not say.
 */
export function ExportCsvButton({ path, query, baseName }: { path: string; query: { from?: string; to?: string }; baseName: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      className="self-start"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadCsv(path, query as Query, csvFileName(baseName, query, todayKey()))
          .catch((err: unknown) => toast.error(err instanceof Error ? err.message : "Não foi possível exportar."))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? <Spinner /> : <DownloadIcon aria-hidden />}
      Exportar CSV
    </Button>
  );
}
