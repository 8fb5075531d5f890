import { accessKeyFields } from "@passo/domain";

/**
 * What the NF-e's access key says, beside the file it came in: the key as the DANFE prints it, the
 * issuer's state, the month of issue, the issuer's CNPJ, the model, the series and the number, so the
 * office sees at a glance whether it dropped the right invoice.
 */
export function NfeKeyFields({ accessKey }: { accessKey: string }) {
  const fields = accessKeyFields(accessKey);
  if (!fields) return null;
  const rows: [string, string][] = [
    ["UF", fields.state],
    ["Emissão", fields.issued],
    ["CNPJ do emitente", fields.cnpj],
    ["Modelo", fields.model],
    ["Série", fields.series],
    ["Número", fields.number],
  ];
  return (
    <section aria-label="Chave de acesso da NF-e" className="rounded-md border bg-muted/40 p-3 text-sm">
      <h3 className="text-xs font-medium text-muted-foreground">Chave de acesso</h3>
      {/* Balanced, so a key that wraps in a narrow column does so in two even rows of groups. */}
      <p className="font-mono text-[0.8125rem] leading-relaxed font-medium text-balance tabular-nums">{fields.key}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="col-span-2 grid grid-cols-subgrid">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium whitespace-nowrap tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
