export * from "./users.js";
export * from "./settings.js";
export * from "./picklists.js";
export * from "./pickups.js";
export * from "./returns.js";
export * from "./uploads.js";
export * from "./email-outbox.js";
export * from "./audit.js";
