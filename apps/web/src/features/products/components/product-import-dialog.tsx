import type { ProductImportRow } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { DisabledReason } from "@/components/feedback/disabled-reason";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldControl, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { TABLE_FILE_ACCEPT } from "@/lib/table-file";
import { importProducts, PRODUCTS_KEY } from "../api/products";
import { sendBatches, stopText, totalsText, type BatchRun } from "../utils/import-batches";
import { PRODUCT_TEMPLATE_CSV, type RowProblems } from "../utils/product-file";
import { readProductFileInWorker } from "../utils/read-in-worker";

const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(PRODUCT_TEMPLATE_CSV)}`;

const n = (count: number) => count.toLocaleString("pt-BR");
const count = (value: number, one: string, many: string) => `${n(value)} ${value === 1 ? one : many}`;

/** Where the dialog is: the file being read, its rows checked, the preview, the import. */
type Stage =
  | { step: "choose" }
  | { step: "reading" }
  | { step: "unread"; error: string }
  | { step: "checked"; rows: ProductImportRow[]; found: RowProblems }
  | { step: "previewing"; rows: ProductImportRow[]; done: number; total: number }
  | { step: "previewed"; rows: ProductImportRow[]; run: BatchRun }
  | { step: "importing"; rows: ProductImportRow[]; done: number; total: number }
  | { step: "stopped"; rows: ProductImportRow[]; run: BatchRun };

/**
 * 'Importar produtos': a CSV or XLSX file read and checked in a web worker, previewed by the API (a
 * dry run, batch by batch), then imported in the same batches with a progress bar. Nothing here
 * renders a row per product: only counts and the first bad rows.
 */
export function ProductImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const closed = useRef(false);
  useEffect(() => () => void (closed.current = true), []);
  const reasonId = useId();

  const importAll = useMutation({
    mutationFn: async (rows: ProductImportRow[]) => {
      const run = await sendBatches(rows, (batch) => importProducts(batch, false), (done, total) => setStage({ step: "importing", rows, done, total }), {
        stopOnErrors: true,
      });
      return { run, message: run.stop ? undefined : `Catálogo importado: ${totalsText(run)}.` };
    },
    onSuccess: ({ run }, rows) => {
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      if (run.stop) setStage({ step: "stopped", rows, run });
      else onClose();
    },
  });

  const preview = async (rows: ProductImportRow[]) => {
    const send = (batch: ProductImportRow[]) => {
      if (closed.current) throw new Error("closed");
      return importProducts(batch, true);
    };
    const run = await sendBatches(rows, send, (done, total) => !closed.current && setStage({ step: "previewing", rows, done, total }), { stopOnErrors: false });
    if (!closed.current) setStage({ step: "previewed", rows, run });
  };

  const choose = async (file: File | undefined) => {
    importAll.reset();
    if (!file) return setStage({ step: "choose" });
    setStage({ step: "reading" });
    const read = await readProductFileInWorker(file);
    if (closed.current) return;
    if ("error" in read) return setStage({ step: "unread", error: read.error });
    if (read.problemCount > 0) return setStage({ step: "checked", rows: read.rows, found: read });
    await preview(read.rows);
  };

  const importing = stage.step === "importing" || importAll.isPending;
  const ready = stage.step === "previewed" && stage.run.problemCount === 0 && !stage.run.stop;
  const rows = "rows" in stage ? stage.rows : undefined;
  const blocked =
    ready || importing
      ? undefined
      : stage.step === "checked" || stage.step === "previewed" || stage.step === "stopped"
        ? "Corrija as linhas com problema e escolha o arquivo de novo."
        : stage.step === "choose" || stage.step === "unread"
          ? "Escolha um arquivo para ver a prévia."
          : "Aguarde a conferência do arquivo.";

  return (
    <Dialog open onOpenChange={(open) => !open && !importing && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Importar produtos</DialogTitle>
          <DialogDescription>
            Envie uma planilha com um produto (um tamanho de um modelo) por linha e as colunas <strong>sku</strong>, <strong>ean</strong>,{" "}
            <strong>descricao</strong>, <strong>referencia</strong>, <strong>tamanho</strong> e <strong>cor</strong>. Um SKU que já está no catálogo
            é atualizado.
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-w-0 gap-4">
          <Field data-invalid={stage.step === "unread" || undefined}>
            <FieldLabel htmlFor="product-import-file">Arquivo CSV ou XLSX</FieldLabel>
            <FieldControl>
              <Input id="product-import-file" type="file" accept={TABLE_FILE_ACCEPT} disabled={importing} onChange={(e) => void choose(e.currentTarget.files?.[0])} />
            </FieldControl>
            <FieldDescription>
              <a href={TEMPLATE_URL} download="modelo-importar-produtos.csv" className="inline-flex items-center gap-1 underline underline-offset-4">
                <Download className="size-3.5" aria-hidden="true" />
                Baixar modelo
              </a>{" "}
              · CSV (separado por ponto e vírgula ou vírgula) ou XLSX, até 50 MB.
            </FieldDescription>
            {stage.step === "unread" && (
              <p role="alert" className="text-sm text-destructive">
                {stage.error}
              </p>
            )}
          </Field>
          {stage.step === "reading" && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner aria-hidden="true" />
              Lendo e conferindo o arquivo...
            </p>
          )}
          {(stage.step === "previewing" || stage.step === "importing") && (
            <BatchProgress
              label={stage.step === "previewing" ? "Conferindo com o catálogo" : "Importando"}
              done={stage.done}
              total={stage.total}
            />
          )}
          {rows && stage.step !== "importing" && <p className="text-sm">{count(rows.length, "produto no arquivo", "produtos no arquivo")}.</p>}
          {stage.step === "previewed" && !stage.run.stop && (
            <p role="status" className="text-sm">
              {count(stage.run.created, "produto novo", "produtos novos")}, {n(stage.run.updated)} a atualizar e {n(stage.run.unchanged)} sem alteração.
            </p>
          )}
          {(stage.step === "previewed" || stage.step === "stopped") && stage.run.stop && (
            <p role="alert" className="text-sm text-destructive">
              {stage.step === "stopped" ? stopText(stage.run.stop) : `Não foi possível conferir o arquivo. ${stage.run.stop.message}`}
            </p>
          )}
          {stage.step === "checked" && <BadRows found={stage.found} />}
          {(stage.step === "previewed" || stage.step === "stopped") && <BadRows found={stage.run} />}
        </div>
        <DialogFooter className="sm:items-center">
          <DisabledReason id={reasonId} reason={blocked} className="sm:mr-auto" />
          <Button variant="outline" onClick={onClose} disabled={importing}>
            {stage.step === "stopped" ? "Fechar" : "Cancelar"}
          </Button>
          <Button onClick={() => ready && importAll.mutate(stage.rows)} disabled={!ready || importing} aria-describedby={blocked ? reasonId : undefined}>
            {importing && <Spinner aria-hidden="true" />}
            {ready ? `Importar ${count(stage.rows.length, "produto", "produtos")}` : "Importar"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function BatchProgress({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="grid gap-2">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner aria-hidden="true" />
        {label}: lote {n(Math.min(done + 1, total))} de {n(total)}...
      </p>
      <Progress value={percent} aria-label={`${label}: ${percent}%`} />
    </div>
  );
}

/** The first bad rows, each with its line and message, and how many more there are. */
function BadRows({ found }: { found: RowProblems }) {
  const headingId = useId();
  if (found.problemCount === 0) return null;
  const more = found.problemCount - found.problems.length;
  return (
    <section aria-labelledby={headingId} className="grid gap-1">
      <h3 id={headingId} className="text-sm font-medium text-destructive">
        {count(found.problemCount, "linha com problema", "linhas com problema")}
      </h3>
      <ul className="max-h-48 list-disc overflow-auto pl-5 text-sm text-destructive">
        {found.problems.map((problem) => (
          <li key={`${problem.line}-${problem.error}`}>
            Linha {n(problem.line)}: {problem.error}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-sm text-muted-foreground">E mais {count(more, "linha", "linhas")} com problema, não mostradas aqui.</p>}
    </section>
  );
}
