import { ScanBarcodeIcon } from "lucide-react";
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import { Field, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { beep } from "@/lib/beep";
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
 */
export function ScanField({ label, placeholder, disabled, onScan, className, ref }: ScanFieldProps) {
  const inputId = useId();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  useEffect(() => {
    if (mayTakeFocus()) input.current?.focus();
  }, []);
  const [value, setValue] = useState("");
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);

  const scan = async (text: string) => {
    const code = text.trim();
    if (!code) return;
    setValue("");
    const result = await onScan(code);
    if (!result) return;
    beep(result.tone);
    setFeedback(result);
  };

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
            value={value}
            disabled={disabled}
            placeholder={placeholder}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="done"
            className="h-11 pl-9"
            aria-describedby={messageId}
            aria-invalid={feedback?.tone === "error" || undefined}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              void scan(value);
            }}
          />
        </div>
        <CameraScanButton
          onScan={(code) => {
            void scan(code).then(() => input.current?.focus());
          }}
        />
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
