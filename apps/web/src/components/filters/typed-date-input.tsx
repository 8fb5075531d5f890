import { format, isValid, parse } from "date-fns";
import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const FORMAT = "dd/MM/yyyy";

/** A day typed as dd/MM/aaaa, or null when the text is no such day (31/02, 2024 as 24, letters). */
export function parseTypedDay(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return null;
  const day = parse(trimmed, FORMAT, new Date());
  return isValid(day) && format(day, FORMAT) === trimmed ? day : null;
}

/**
 * A date picker's text box: the day typed as dd/MM/aaaa, taken on Enter (or when the box loses the focus
 * with a change), for whoever finds typing quicker than paging through months. `check` refuses a day the
 * calendar would not offer, with its own message.
 */
export function TypedDateInput({
  label,
  value,
  onDay,
  check,
}: {
  label: string;
  value?: Date;
  onDay: (day: Date) => void;
  check?: (day: Date) => string | null;
}) {
  const id = useId();
  const messageId = useId();
  const shown = value ? format(value, FORMAT) : "";
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);

  const take = () => {
    if (text.trim() === shown) return;
    const day = parseTypedDay(text);
    const problem = day ? (check?.(day) ?? null) : "Data inválida. Digite no formato dd/mm/aaaa.";
    setError(problem);
    if (day && !problem) onDay(day);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        placeholder="dd/mm/aaaa"
        autoComplete="off"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        onChange={(event) => setText(event.target.value)}
        onBlur={take}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          take();
        }}
      />
      <p id={messageId} role="alert" className="min-h-4 text-xs text-destructive">
        {error}
      </p>
    </div>
  );
}
