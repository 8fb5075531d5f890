import type { QueryKey } from "@tanstack/react-query";
import { RETURNS_KEY } from "./get-returns";

/** The queries a change of a return touches, for the live updates: its lists (process, histories, a store's search). */
export const returnEventKeys = (): QueryKey[] => [[...RETURNS_KEY, "list"]];
