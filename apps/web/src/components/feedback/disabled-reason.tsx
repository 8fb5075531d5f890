import { cn } from "@/lib/utils";

/**
 * Why a form's main button cannot be pressed yet, said beside it: a disabled button alone leaves a person
 * guessing what is missing. The button points to it with `aria-describedby={id}`, so a screen reader
 * reads the reason with the button. Nothing is shown while the button can be pressed.
 */
export function DisabledReason({ id, reason, className }: { id: string; reason: string | undefined; className?: string }) {
  if (!reason) return null;
  return (
    <p id={id} className={cn("text-sm text-muted-foreground", className)}>
      {reason}
    </p>
  );
}
