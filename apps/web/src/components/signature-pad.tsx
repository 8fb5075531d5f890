import { useEffect, useId, useRef } from "react";
import SignaturePadLib from "signature_pad";
import { Button } from "@/components/ui/button";

export interface SignaturePadProps {
  /** The drawing as a PNG data URL after each stroke; null when the pad is empty (cleared). */
  onChange: (png: string | null) => void;
  label?: string;
  disabled?: boolean;
}

/**
 * 'Assinatura do cliente': a pad the customer signs on with a finger, a pen or the mouse
 * (signature_pad), with 'Limpar'. Each finished stroke hands the drawing over as a PNG data URL.
 */
export function SignaturePad({ onChange, label = "Assinatura do cliente", disabled = false }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // The canvas drawn at the screen's pixel density, so strokes stay sharp; sized once, when it opens.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const width = canvas.offsetWidth || 400;
    const height = canvas.offsetHeight || 160;
    canvas.width = Math.min(width * ratio, 2000);
    canvas.height = Math.min(height * ratio, 1000);
    canvas.getContext("2d")?.scale(canvas.width / width, canvas.height / height);
    const pad = new SignaturePadLib(canvas, { penColor: "#111827" });
    padRef.current = pad;
    const ended = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL("image/png"));
    pad.addEventListener("endStroke", ended);
    return () => {
      pad.removeEventListener("endStroke", ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(null);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={clear} disabled={disabled}>
          Limpar
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={labelId}
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-md border border-input bg-white"
      />
    </div>
  );
}
