import type { ImportProblem, PicklistImportPlan, PicklistImportRow } from "@passo/domain";
import { Download, FileSpreadsheet } from "lucide-react";
import { useId, useState } from "react";
import { DisabledReason } from "@/components/feedback/disabled-reason";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldControl, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api-client";
import { useImportPicklists, usePreviewPicklistImport } from "../api/import-picklists";
import { IMPORT_ACCEPT, IMPORT_TEMPLATE_CSV, readImportFile } from "../utils/import-file";

const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATE_CSV)}`;

const count = (n: number, one: string, many: string) => `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;

/** 'Importar listas', beside 'Criar nova lista': one picking list per store from a spreadsheet. */
export function PicklistImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileSpreadsheet aria-hidden="true" />
        Importar listas
      </Button>
      {open && <PicklistImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function PicklistImportDialog({ onClose }: { onClose: () => void }) {
  const preview = usePreviewPicklistImport();
  const create = useImportPicklists();
  const [rows, setRows] = useState<PicklistImportRow[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const plan = rows ? preview.data : undefined;
  // Refused on creation after all (another administrator removed a store meanwhile): the server's reasons.
  const refused = create.error instanceof ApiError ? (create.error.body.problems as ImportProblem[] | undefined) : undefined;
  const problems = refused ?? plan?.problems ?? [];
  const ready = !!plan && !!rows && problems.length === 0 && plan.lists.length > 0;
  const busy = reading || preview.isPending || create.isPending;
  const reasonId = useId();
  const blocked = ready || busy ? undefined : !plan || !rows ? "Escolha um arquivo para ver as listas." : problems.length > 0 ? "Corrija os problemas do arquivo antes de criar as listas." : "O arquivo não tem nenhuma lista a criar.";

  const choose = async (file: File | undefined) => {
    setRows(null);
    setFileError(null);
    preview.reset();
    create.reset();
    if (!file) return;
    setReading(true);
    const read = await readImportFile(file);
    setReading(false);
    if ("error" in read) return setFileError(read.error);
    setRows(read.rows);
    preview.mutate(read.rows);
  };

  const submit = () => {
    if (!rows) return;
    create.mutateAsync(rows).then(onClose, () => undefined);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Importar listas</DialogTitle>
          <DialogDescription>
            Envie uma planilha com uma linha por item e as colunas <strong>loja</strong> e <strong>item</strong>. Cada loja recebe uma lista de
            separação com os seus itens.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <Field data-invalid={!!fileError || undefined}>
            <FieldLabel htmlFor="picklist-import-file">Arquivo CSV ou XLSX</FieldLabel>
            <FieldControl>
              <Input id="picklist-import-file" type="file" accept={IMPORT_ACCEPT} disabled={create.isPending} onChange={(e) => void choose(e.currentTarget.files?.[0])} />
            </FieldControl>
            <FieldDescription>
              <a href={TEMPLATE_URL} download="modelo-importar-listas.csv" className="inline-flex items-center gap-1 underline underline-offset-4">
                <Download className="size-3.5" aria-hidden="true" />
                Baixar um modelo
              </a>
            </FieldDescription>
            {fileError && (
              <p role="alert" className="text-sm text-destructive">
                {fileError}
              </p>
            )}
          </Field>
          {(reading || preview.isPending) && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner aria-hidden="true" />
              Conferindo as linhas do arquivo...
            </p>
          )}
          {plan && rows && <ImportPreview plan={plan} rows={rows} problems={problems} />}
        </div>
        <DialogFooter className="sm:items-center">
          <DisabledReason id={reasonId} reason={blocked} className="sm:mr-auto" />
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!ready || busy} aria-describedby={blocked ? reasonId : undefined}>
            {create.isPending && <Spinner aria-hidden="true" />}
            {plan && plan.lists.length > 0 ? `Criar ${count(plan.lists.length, "lista", "listas")}` : "Criar listas"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The lists the file makes, the stores it names that do not exist, and every bad row's reason. */
function ImportPreview({ plan, rows, problems }: { plan: PicklistImportPlan; rows: PicklistImportRow[]; problems: ImportProblem[] }) {
  const items = plan.lists.reduce((n, list) => n + list.items.length, 0);
  const rowsOf = (store: string) => rows.filter((row) => row.store.trim().toLowerCase() === store.toLowerCase()).length;
  return (
    <div className="grid gap-3">
      <p className="text-sm" role="status">
        {count(plan.lists.length, "lista", "listas")} com {count(items, "item", "itens")}
        {problems.length > 0 && `; ${count(problems.length, "problema", "problemas")} a corrigir antes de criar`}.
      </p>
      <div className="max-h-64 overflow-auto rounded-md border">
        <Table>
          <TableCaption className="sr-only">Listas do arquivo</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Loja</TableHead>
              <TableHead className="text-right">Itens</TableHead>
              <TableHead>Situação</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plan.lists.map((list) => (
              <TableRow key={list.destination}>
                <TableCell className="font-medium">{list.destination}</TableCell>
                <TableCell className="text-right">{list.items.length}</TableCell>
                <TableCell>
                  <Badge variant="secondary">Pronta</Badge>
                </TableCell>
              </TableRow>
            ))}
            {plan.unknownStores.map((store) => (
              <TableRow key={`desconhecida-${store}`}>
                <TableCell className="font-medium">{store}</TableCell>
                <TableCell className="text-right">{rowsOf(store)}</TableCell>
                <TableCell>
                  <Badge variant="destructive">Loja não encontrada</Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {problems.length > 0 && (
        <section aria-labelledby="picklist-import-problems" className="grid gap-1">
          <h3 id="picklist-import-problems" className="text-sm font-medium text-destructive">
            Linhas com problema
          </h3>
          <ul className="max-h-40 list-disc overflow-auto pl-5 text-sm text-destructive">
            {problems.map((problem, i) => (
              <li key={`${problem.line ?? "lista"}-${i}`}>{problem.message}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
