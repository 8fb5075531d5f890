import { RuleViolation } from "../errors.js";
import type { PicklistState } from "../picklist.js";
import type { Pickup } from "../pickup.js";
import type { ReturnOrder } from "../return.js";
import { samplePicklist, samplePickup, sampleReturn } from "../samples.js";

// The tests' records: the samples (../samples.ts) with the values the tests were written against.

/** A list sent to Loja Centro and not started yet: three items, one of them twice. */
export function aPicklist(overrides: Partial<PicklistState> = {}): PicklistState {
  const { id: _id, number: _number, ...sample } = samplePicklist;
  return {
    ...sample,
    sendDate: new Date("2024-05-02T12:00:00.000Z"),
    listItems: ["TENIS A 123456-7X", "SANDALIA B 654321-0Y", "TENIS A 123456-7X"],
    previousDestinations: [],
    ...overrides,
  };
}

/** Maria da Silva's order, posted to Loja Centro and still in transit; nobody else may collect it. */
export function aPickup(overrides: Partial<Pickup> = {}): Pickup {
  return {
    ...samplePickup,
    id: "7b1f6f0e-2d7c-4d1e-9a53-5b0c7c3e2a11",
    orderDispatchDate: new Date("2025-03-09T12:00:00.000Z"),
    scheduledPickupDate: new Date("2025-03-12T03:00:00.000Z"),
    orderNumber: "PED0000000000001",
    trackingCode: "AA123456789BR",
    invoiceFileName: "0b7e4c1a-8a57-4c52-9f0e-2a8f0f6d1c33.pdf",
    customerFullName: "Maria da Silva",
    customerEmail: "maria@example.com",
    orderItems: ["TENIS RUNNER 42 123456-7X"],
    ...overrides,
  };
}

/** Maria da Silva's return, created on 1 March 2025 and still pending. */
export function aReturn(overrides: Partial<ReturnOrder> = {}): ReturnOrder {
  return {
    ...sampleReturn,
    id: "3f0c8a4e-8f4b-4a53-9d8e-0c6f6c1b7a10",
    dateOfCreation: new Date("2025-03-01T12:00:00.000Z"),
    orderNumber: "PED0000000000001",
    customerFullName: "Maria da Silva",
    customerEmail: "maria@example.com",
    returnItems: ["TENIS RUNNER 42 123456-7X"],
    ...overrides,
  };
}

/** What a rule refused, as its message and whose fault it was. */
export function refusal(fn: () => unknown): { message: string; kind: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof RuleViolation) return { message: err.message, kind: err.kind };
    throw err;
  }
  throw new Error("expected a RuleViolation");
}

/** What a client sends back: the record as it was shown, its dates as JSON strings, with its changes. */
export function sentBack<Body>(record: object, changes: Record<string, unknown> = {}): Body {
  return { ...JSON.parse(JSON.stringify(record)), ...changes };
}
