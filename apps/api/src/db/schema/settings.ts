import type { RecipientRole, TemplateTitle, TemplateType } from "@passo/domain";
import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uuid, uniqueIndex } from "drizzle-orm/pg-core";

export const recipients = pgTable(
  "recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    role: text("role").$type<RecipientRole>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recipients_username_key").on(sql`lower(${t.username})`)],
);

/** One rule per store: who is told about which flow. */
export const storeRules = pgTable(
  "notification_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    store: text("store").notNull(),
    supervisor: text("supervisor").notNull(),
    manager: text("manager").notNull(),
    assistantManager: text("assistant_manager"),
    notificationPicklist: boolean("notification_picklist").notNull().default(false),
    notificationPickup: boolean("notification_pickup").notNull().default(false),
    notificationReturn: boolean("notification_return").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("notification_rules_store_key").on(t.store)],
);

export const emailTemplates = pgTable(
  "email_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").$type<TemplateType>().notNull(),
    title: text("title").$type<TemplateTitle>().notNull(),
    /** The e-mail's subject. */
    description: text("description").notNull(),
    /** The HTML body. */
    content: text("content").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_templates_type_title_key").on(t.type, t.title)],
);

/** The single outgoing-mail (SMTP) configuration. */
export const mailServer = pgTable("service_notification", {
  id: uuid("id").primaryKey().defaultRandom(),
  host: text("host").notNull().default(""),
  port: text("port").notNull().default("587"),
  secure: boolean("secure").notNull().default(false),
  user: text("user").notNull().default(""),
  pass: text("pass").notNull().default(""),
  /** The customer e-mails, Passo's addition to the spec: the administrator may turn each off. */
  notifyCustomerPickupReady: boolean("notify_customer_pickup_ready").notNull().default(true),
  notifyCustomerPickupCollected: boolean("notify_customer_pickup_collected").notNull().default(true),
  notifyCustomerReturn: boolean("notify_customer_return").notNull().default(true),
  /** Sent e-mails' bodies are purged after these many days; the outbox keeps that they were sent (LGPD). */
  emailBodyRetentionDays: integer("email_body_retention_days").notNull().default(90),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
