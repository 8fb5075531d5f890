import { useId } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** The value of a choice filter's first option, which filters nothing ('Todos os tipos de registro'). */
export const CHOICE_ALL = "all";

export interface ChoiceFilterProps<Value extends string> {
  /** The accessible name (read out, not shown: the chosen option says what it filters). */
  label: string;
  /** The first option's text, which filters nothing. */
  allLabel: string;
  value: Value | typeof CHOICE_ALL;
  onChange: (value: Value | typeof CHOICE_ALL) => void;
  options: readonly { value: Value; label: string }[];
  className?: string;
}

/** A list filter that picks one of a few values, or all of them. */
export function ChoiceFilter<Value extends string>({ label, allLabel, value, onChange, options, className }: ChoiceFilterProps<Value>) {
  const labelId = useId();
  return (
    <div className={className}>
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <Select value={value} onValueChange={(next) => onChange(next as Value | typeof CHOICE_ALL)}>
        <SelectTrigger aria-labelledby={labelId} className="w-full md:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={CHOICE_ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
