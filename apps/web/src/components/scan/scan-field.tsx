import { ScanBarcodeIcon } from "lucide-react";
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import { Field, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { beep, prepareBeep } from "@/lib/beep";
import { mayTakeFocus, SCAN_FIELD_ATTRIBUTE } from "@/lib/scan-focus";
import { cn } from "@/lib/utils";
import { CameraScanButton } from "./camera-scan-button";

/** What a scan led to: shown under the field, with a beep ('error' is a distinct sound). */
export interface ScanFeedback {
  tone: "ok" | "error";
  message: string;
}

export interface ScanFieldProps {
  label: string;
  placeholder?: string;
  disabled?: boolean;
  /** Called with the trimmed text on Enter (what a USB or Bluetooth scanner sends) or from the camera. */
  onScan: (code: string) => ScanFeedback | undefined | Promise<ScanFeedback | undefined>;
  className?: string;
  /** To give it the focus when the screen asks for a scan (after 'Iniciar'). */
  ref?: Ref<{ focus: () => void }>;
}

/**
 * A field for a barcode scanner: the scanner types the code and Enter; the field empties and keeps the
 * focus, so item after item is scanned without touching the screen. It takes the focus when it shows
 * up, unless the person is already at work elsewhere on the screen, and dialogs give it back on closing.
 * The field is not drawn again per character (uncontrolled): a scanner types a dozen in a burst.
 */
export function ScanField({ label, placeholder, disabled, onScan, className, ref }: ScanFieldProps) {
  const inputId = useId();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  useEffect(() => {
    if (mayTakeFocus()) input.current?.focus();
  }, []);
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);

  const show = (result: ScanFeedback | undefined) => {
    if (!result) return;
    beep(result.tone);
    setFeedback(result);
  };

  // A scan matched on the device answers at once: its message is drawn with the tick, in the same frame.
  const scan = (text: string): Promise<void> => {
    const code = text.trim();
    if (!code) return Promise.resolve();
    const result = onScan(code);
    if (!(result instanceof Promise)) return Promise.resolve(show(result));
    return result.then(show);
  };

  // The camera button is drawn once: its callback stays the same and reaches the latest `scan`.
  const latestScan = useRef(scan);
  latestScan.current = scan;
  const scanFromCamera = useCallback((code: string) => {
    void latestScan.current(code).then(() => input.current?.focus());
  }, []);

  return (
    <Field className={className}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <ScanBarcodeIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={input}
            id={inputId}
            {...{ [SCAN_FIELD_ATTRIBUTE]: "" }}
            disabled={disabled}
            placeholder={placeholder}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="done"
            className="h-11 pl-9"
            aria-describedby={messageId}
            aria-invalid={feedback?.tone === "error" || undefined}
            onFocus={prepareBeep}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              const text = event.currentTarget.value;
              event.currentTarget.value = "";
              void scan(text);
            }}
          />
        </div>
        <CameraScanButton onScan={scanFromCamera} />
      </div>
      <p
        id={messageId}
        role="status"
        className={cn("min-h-5 text-sm", feedback?.tone === "error" ? "font-medium text-destructive" : "text-muted-foreground")}
      >
        {feedback?.message}
      </p>
    </Field>
  );
}
