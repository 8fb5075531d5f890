import { maskCpfInput, maskPhoneInput } from "@/lib/input-masks";

/** What makes an InputField a CPF field: `<InputField … {...cpfInputProps} />`. */
export const cpfInputProps = {
  inputMode: "numeric",
  autoComplete: "off",
  placeholder: "000.000.000-00",
  mask: maskCpfInput,
} as const;

/** What makes an InputField a phone field; each form adds its own placeholder and autoComplete. */
export const phoneInputProps = {
  type: "tel",
  inputMode: "tel",
  mask: maskPhoneInput,
} as const;

/** The phone number the forms show as an example. */
export const PHONE_PLACEHOLDER = "(41) 99999-9999";
