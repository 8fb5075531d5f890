import { createContext, use, useLayoutEffect, useRef, useState } from "react";
import type JsBarcode from "jsbarcode";

/** The barcode library, loaded only when something is printed (it stays out of the first screens' bundles). */
export type BarcodeRenderer = typeof JsBarcode;
export const BarcodeRendererContext = createContext<BarcodeRenderer | null>(null);

export const loadBarcodeRenderer = async (): Promise<BarcodeRenderer> => (await import("jsbarcode")).default;

export interface Code128Props {
  value: string;
  /** Bar height in CSS pixels. */
  height?: number;
  /** Width of the narrowest bar in CSS pixels. */
  barWidth?: number;
  className?: string;
}

/** A Code 128 barcode as SVG, black on white, its text printed under the bars. */
export function Code128({ value, height = 36, barWidth = 1.4, className }: Code128Props) {
  const render = use(BarcodeRendererContext);
  const svg = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);

  useLayoutEffect(() => {
    if (!render || !svg.current) return;
    try {
      render(svg.current, value, {
        format: "CODE128",
        height,
        width: barWidth,
        margin: 0,
        fontSize: 12,
        textMargin: 1,
        font: "monospace",
        background: "#ffffff",
        lineColor: "#000000",
      });
    } catch {
      setFailed(true);
    }
  }, [render, value, height, barWidth]);

  if (failed || !render) return <span className={className}>{value}</span>;
  return <svg ref={svg} role="img" aria-label={`Código de barras ${value}`} data-barcode={value} className={className} />;
}
