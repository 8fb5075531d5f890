import { useCallback, useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { BarcodeRendererContext, loadBarcodeRenderer, type BarcodeRenderer } from "./code128";

/** Splits rows into printed pages: always at least one page, even for no rows. */
export function printPages<T>(rows: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let at = 0; at < rows.length; at += perPage) pages.push(rows.slice(at, at + perPage));
  return pages.length > 0 ? pages : [[]];
}

/**
 * Printing without a pop-up: the document is put beside the app, in a sheet that only the print
 * stylesheet shows (index.css: A4, black on white), then the browser's print dialog opens. The sheet
 * leaves once the dialog closes.
 */
export function usePrintSheet() {
  const [printed, setPrinted] = useState<{ node: ReactNode; barcodes: BarcodeRenderer } | null>(null);
  const [loading, setLoading] = useState(false);
  const close = useCallback(() => setPrinted(null), []);

  const print = async (node: ReactNode) => {
    setLoading(true);
    try {
      setPrinted({ node, barcodes: await loadBarcodeRenderer() });
    } finally {
      setLoading(false);
    }
  };

  const sheet =
    printed &&
    createPortal(
      <BarcodeRendererContext value={printed.barcodes}>
        <PrintNow onDone={close}>{printed.node}</PrintNow>
      </BarcodeRendererContext>,
      document.body,
    );

  return { print, sheet, printing: loading || printed !== null };
}

function PrintNow({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  useEffect(() => {
    window.addEventListener("afterprint", onDone, { once: true });
    window.print();
    return () => window.removeEventListener("afterprint", onDone);
  }, [onDone]);
  return (
    <div className="print-sheet" data-testid="print-sheet">
      {children}
    </div>
  );
}
