import { z } from "zod";

/** The records whose changes go out on the live-update stream (`event:` of each message). */
export const LIVE_EVENT_KINDS = ["picklist", "pickup", "return"] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const LIVE_EVENT_ACTIONS = ["create", "update", "delete"] as const;
export type LiveEventAction = (typeof LIVE_EVENT_ACTIONS)[number];

/**
 * The `data:` of a live-update message: which record changed and how, never its contents. `store`
 * is the store the record belongs to after the change (or, for `delete`, the store it left).
 */
export const liveEventDataSchema = z.object({
  id: z.string(),
  action: z.enum(LIVE_EVENT_ACTIONS),
  store: z.string().nullable(),
  status: z.string().nullable(),
});
export type LiveEventData = z.infer<typeof liveEventDataSchema>;

