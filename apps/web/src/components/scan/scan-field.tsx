import { ScanBarcodeIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Field, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { beep } from "@/lib/beep";
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
}

/**
 * A field for a barcode scanner: the scanner types the code and Enter; the field empties and keeps the
 * focus, so item after item is scanned without touching the screen.
 */
export function ScanField({ label, placeholder, disabled, onScan, className }: ScanFieldProps) {
  const inputId = useId();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
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
