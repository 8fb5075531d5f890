import { productItemText, type Product } from "@passo/domain";

/** One size of the tests' model 482130 (TÊNIS RUNNER MASC PRETO), its SKU the reference and the size, with a valid EAN-13. */
export const runner = (size: string, ean: string): Product => ({
  sku: `482130${size}`,
  eans: [ean],
  description: "TÊNIS RUNNER MASC PRETO",
  reference: "482130",
  size,
  color: "PRETO",
  active: true,
});

export const RUNNER_41 = runner("41", "7894821304101");
export const RUNNER_42 = runner("42", "7894821304200");
export const RUNNER_43 = runner("43", "7894821304309");
/** "TÊNIS RUNNER MASC PRETO 42 48213042". */
export const RUNNER_42_ITEM = productItemText(RUNNER_42);
