import { useState } from "react";
import { format, parseISO } from "date-fns";
import { CalendarIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TypedDateInput } from "@/components/filters/typed-date-input";
import { Calendar } from "@/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { dayKey, todayKey } from "@/lib/dates";
import { cn } from "@/lib/utils";

export interface PickupDatePickerProps {
  id?: string;
  /** YYYY-MM-DD, or empty. */
  value: string;
  onChange: (day: string) => void;
  onBlur?: () => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-labelledby"?: string;
}

/**
 * The expected pickup day: a pt-BR calendar of two months, opening on the chosen day's month, where the
 * days before today cannot be chosen; or the day typed as dd/MM/aaaa.
 */
export function PickupDatePicker({ id, value, onChange, onBlur, "aria-labelledby": labelledBy, ...aria }: PickupDatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? parseISO(value) : undefined;
  const today = parseISO(todayKey());

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          className={cn("w-full justify-start text-left font-normal", !selected && "text-muted-foreground")}
          {...aria}
          // The label, then the day shown, so that the name holds the text people see.
          aria-labelledby={labelledBy && id ? `${labelledBy} ${id}` : labelledBy}
        >
          <CalendarIcon aria-hidden="true" />
          {selected ? format(selected, "dd/MM/yyyy") : "Selecione a data"}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <div className="border-b p-3">
          <TypedDateInput
            label="Digite a data"
            value={selected}
            check={(day) => (day < today ? "Escolha hoje ou uma data futura." : null)}
            onDay={(day) => {
              onChange(dayKey(day));
              setOpen(false);
            }}
          />
        </div>
        <Calendar
          // A new day (typed or picked) opens the calendar on its month, also when the popover is
          // opened again while it is still closing (its content, and the calendar's month, kept).
          key={value ?? ""}
          mode="single"
          numberOfMonths={2}
          selected={selected}
          defaultMonth={selected ?? today}
          disabled={{ before: today }}
          onSelect={(day) => {
            onChange(day ? dayKey(day) : "");
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
