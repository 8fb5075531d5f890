import { useEffect, useRef, useState } from "react";
import { copyValue, type CopyVariant } from "@passo/domain";
import { CheckIcon, CopyIcon } from "lucide-react";

import { Button, type ButtonProps } from "@/components/ui/button";
import { copyText } from "@/lib/clipboard";
import { cn } from "@/lib/utils";

/** How long the check mark replaces the copy icon. */
export const COPY_CONFIRMATION_MS = 1000;

const DEFAULT_LABELS: Record<CopyVariant, string> = {
  text: "Copiar texto",
  code: "Copiar código",
  codeAll: "Copiar código completo",
  phone: "Copiar telefone",
};

export interface CopyButtonProps extends Omit<ButtonProps, "value" | "variant" | "onClick" | "children"> {
  /** The full text; `variant` picks the part that is copied (see copyValue). */
  value: string;
  variant?: CopyVariant;
  /** Accessible name; defaults to 'Copiar código', 'Copiar telefone'… */
  label?: string;
}

/** An icon button that copies (part of) a value and shows a check for a second. */
export function CopyButton({ value, variant = "text", label, className, size = "icon", ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(copyValue(value, variant)))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Button
      variant="ghost"
      size={size}
      aria-label={label ?? DEFAULT_LABELS[variant]}
      data-copied={copied || undefined}
      className={cn("size-7", className)}
      onClick={() => void copy()}
      {...props}
    >
      {copied ? (
        <CheckIcon aria-hidden="true" data-icon="check" className="text-success" />
      ) : (
        <CopyIcon aria-hidden="true" data-icon="copy" />
      )}
    </Button>
  );
}
