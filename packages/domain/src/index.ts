export * from "./cpf.js";
export * from "./copy.js";
export * from "./fields.js";
export * from "./user.js";
export * from "./recipient.js";
export * from "./notification-rule.js";
export * from "./email-template.js";
export * from "./service-notification.js";
