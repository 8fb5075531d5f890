import { randomInt } from "node:crypto";

/** A pickup code drawn from Node's cryptographic source: 6 digits, leading zeros kept. */
export function newPickupCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** How many codes a new pickup draws before giving up: with even a hundred thousand open pickups, 20 collisions in a row are out of reach. */
export const PICKUP_CODE_ATTEMPTS = 20;
