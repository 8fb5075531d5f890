import { Copy, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { copyText } from "@/lib/clipboard";
import { downloadBlob } from "@/lib/download";

const asText = (codes: string[]) =>
  `Passo: códigos de recuperação da verificação em duas etapas\nCada código vale uma única vez.\n\n${codes.join("\n")}\n`;

/** The 10 recovery codes, shown this once: copy, download, then go on. */
export function RecoveryCodes({ codes, doneLabel, onDone }: { codes: string[]; doneLabel: string; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
        <p className="font-medium">Guarde estes códigos de recuperação em um lugar seguro.</p>
        <p className="text-muted-foreground">
          Use um deles para entrar se perder o celular. Cada código vale uma única vez, e eles não serão mostrados de novo.
        </p>
      </div>
      <ul aria-label="Códigos de recuperação" className="grid grid-cols-1 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={() => void copyText(codes.join("\n"))}>
          <Copy aria-hidden="true" />
          Copiar códigos
        </Button>
        <Button type="button" variant="outline" onClick={() => downloadBlob(new Blob([asText(codes)], { type: "text/plain;charset=utf-8" }), "passo-codigos-de-recuperacao.txt")}>
          <Download aria-hidden="true" />
          Baixar códigos
        </Button>
        <Button type="button" onClick={onDone} className="sm:ml-auto">
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
