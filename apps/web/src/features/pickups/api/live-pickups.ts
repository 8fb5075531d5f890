import type { QueryKey } from "@tanstack/react-query";
import { PICKUPS_KEY } from "./get-pickups";

/** The queries a change of a pickup touches, for the live updates: its lists (pending, process, histories). */
export const pickupEventKeys = (): QueryKey[] => [[...PICKUPS_KEY, "list"]];
