import { useMemo } from "react";
import { Combobox, type ComboboxProps } from "./combobox";

export interface NameComboboxProps extends Omit<ComboboxProps, "options" | "onChange" | "loadingIn" | "className"> {
  onChange: (name: string) => void;
  /** The names to choose from (store or recipient usernames). */
  options: readonly string[];
}

/** A searchable list of names (see Combobox); the name is both value and label. */
export function NameCombobox({ options, ...props }: NameComboboxProps) {
  const choices = useMemo(() => options.map((name) => ({ value: name, label: name })), [options]);
  return <Combobox {...props} options={choices} />;
}
