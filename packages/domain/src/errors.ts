/**
 * What a rule of the domain refuses, and whose fault it is: the record's state (`conflict`), the
 * input (`invalid`), or the caller's role (`forbidden`). The API answers 409, 400 and 403.
 */
export type RuleViolationKind = "conflict" | "invalid" | "forbidden";

export class RuleViolation extends Error {
  constructor(
    message: string,
    readonly kind: RuleViolationKind = "conflict",
    /** The field the input was refused for, when it is one field. */
    readonly path?: string,
  ) {
    super(message);
    this.name = "RuleViolation";
  }
}
