import { Button } from "@/components/ui/button";

export interface PressedButtonsProps<Value extends string> {
  /** Names the group for screen readers ('Agrupar'). */
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}

/** A row of small buttons of which one is pressed: how a card or a section chooses its view ('Por SKU', 'Por referência'). */
export function PressedButtons<Value extends string>({ label, options, value, onChange }: PressedButtonsProps<Value>) {
  return (
    <div role="group" aria-label={label} className="flex gap-1">
      {options.map((option) => (
        <Button key={option.value} type="button" size="sm" variant={value === option.value ? "default" : "outline"} aria-pressed={value === option.value} onClick={() => onChange(option.value)}>
          {option.label}
        </Button>
      ))}
    </div>
  );
}
