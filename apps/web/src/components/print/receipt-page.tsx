import { cn } from "@/lib/utils";
import type { ReactNode } from "react";
import { Code128 } from "./code128";

export interface ReceiptField {
  term: string;
  value: ReactNode;
}

/**
 * A printed receipt ('Comprovante de …'): one A4 page with the chain, the title, the order's barcode,
 * the facts, the items and a line to sign.
 */
export function ReceiptPage({
  company,
  title,
  code,
  fields,
  items,
  signature,
  signatureImage,
}: {
  company: string;
  title: string;
  /** Printed as a barcode too, so the paper finds the record again at the counter. */
  code: string;
  fields: ReceiptField[];
  items: readonly string[];
  signature: string;
  /** The signature collected on the screen, printed above its line. */
  signatureImage?: { src: string; alt: string } | undefined;
}) {
  return (
    <section className="print-page flex flex-col gap-5 text-sm" aria-label={title}>
      <header className="flex items-start justify-between gap-6 border-b border-black pb-3">
        <div className="flex flex-col gap-1">
          <p className="text-xs tracking-wide uppercase">{company}</p>
          <h1 className="text-xl font-bold">{title}</h1>
        </div>
        <Code128 value={code} height={34} barWidth={1.2} />
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {fields.map((field) => (
          <div key={field.term} className="contents">
            <dt className="font-semibold">{field.term}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-1">
        <h2 className="font-semibold">Itens</h2>
        <ul className="flex flex-col border-t border-black">
          {items.map((item, index) => (
            <li key={`${index}-${item}`} className="border-b border-neutral-400 py-1">
              {item}
            </li>
          ))}
        </ul>
      </div>
      <div className={cn("flex flex-col items-center gap-1", signatureImage ? "mt-6" : "mt-16")}>
        {signatureImage && <img src={signatureImage.src} alt={signatureImage.alt} className="h-24 w-80 object-contain" />}
        <span aria-hidden="true" className="block w-80 border-t border-black" />
        <span>{signature}</span>
      </div>
    </section>
  );
}
