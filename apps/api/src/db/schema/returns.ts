import type { ReturnStatus } from "@passo/domain";
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const returns = pgTable(
  "returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dateOfCreation: timestamp("date_of_creation", { withTimezone: true }).notNull().defaultNow(),
    orderNumber: text("order_number").notNull(),
    /** Digits only. */
    customerCPF: text("customer_cpf").notNull(),
    customerFullName: text("customer_full_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email").notNull(),
    returnItems: text("return_items").array().notNull().default(sql`'{}'::text[]`),
    returnStatus: text("return_status").$type<ReturnStatus>().notNull().default("Devolução pendente"),
    reasonForRefusal: text("reason_for_refusal").notNull().default(""),
    /** The username of the store that received or refused it. */
    returnStore: text("return_store"),
    dateOfReturn: timestamp("date_of_return", { withTimezone: true }),
    dateOfTransfer: timestamp("date_of_transfer", { withTimezone: true }),
    transferNumber: text("transfer_number"),
    /** The staff member whose PIN accepted or refused it, named as they were then. */
    receivedBy: text("received_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("returns_creation_idx").on(t.dateOfCreation.desc(), t.id),
    index("returns_store_creation_idx").on(t.returnStore, t.dateOfCreation.desc()),
    index("returns_status_creation_idx").on(t.returnStatus, t.dateOfCreation.desc()),
    index("returns_store_status_creation_idx").on(t.returnStore, t.returnStatus, t.dateOfCreation.desc()),
    index("returns_customer_cpf_idx").on(t.customerCPF),
    index("returns_order_number_idx").on(t.orderNumber),
  ],
);
