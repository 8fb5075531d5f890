import type { PickupCollector, PickupStatus, PickupType } from "@passo/domain";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const pickups = pgTable(
  "pickups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderOrigin: text("order_origin").notNull().default("E-commerce"),
    orderDispatchDate: timestamp("order_dispatch_date", { withTimezone: true }).notNull().defaultNow(),
    /** The pickup store's username. */
    pickupStoreName: text("pickup_store_name").notNull(),
    scheduledPickupDate: timestamp("scheduled_pickup_date", { withTimezone: true }).notNull(),
    orderReceivedAtStoreDate: timestamp("order_received_at_store_date", { withTimezone: true }),
    pickupType: text("pickup_type").$type<PickupType>().notNull(),
    orderNumber: text("order_number").notNull(),
    trackingCode: text("tracking_code").notNull(),
    /** The invoice the counter prints: the NF-e's PDF, or its XML when only the XML was given. */
    invoiceFileName: text("invoice_file_name").notNull(),
    /** The NF-e's XML when the pickup keeps both files (the PDF in invoiceFileName); null otherwise. */
    invoiceXmlFileName: text("invoice_xml_file_name"),
    customerFullName: text("customer_full_name").notNull(),
    /** Digits only. */
    customerCPF: text("customer_cpf").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email").notNull(),
    authorizedThirdPartyPickup: boolean("authorized_third_party_pickup").notNull().default(false),
    authorizedThirdPartyFullName: text("authorized_third_party_full_name"),
    /** Digits only. */
    authorizedThirdPartyCPF: text("authorized_third_party_cpf"),
    orderItems: text("order_items").array().notNull().default(sql`'{}'::text[]`),
    pickupStatus: text("pickup_status").$type<PickupStatus>().notNull(),
    actualPickupDate: timestamp("actual_pickup_date", { withTimezone: true }),
    /** When it became 'Aguardando retirada', set in the transaction of that change; null while it does not wait. */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    /** customer or thirdParty: whose CPF matched at the counter. */
    collectedBy: text("collected_by").$type<PickupCollector>(),
    /** The username of the user who confirmed the handover. */
    handedOverBy: text("handed_over_by"),
    /** The staff member whose PIN confirmed the receipt, named as they were then. */
    receivedBy: text("received_by"),
    /** The customer's signature drawn at the handover: the name of its PNG in uploads; null when none was collected. */
    signatureFileName: text("signature_file_name"),
    /** Wrong CPFs a store typed for it (check and confirmation); at CPF_CHECK_MAX_FAILURES the check is blocked until an administrator unlocks it. */
    cpfCheckFailures: integer("cpf_check_failures").notNull().default(0),
    /**
     * The code in the customer's hand (6 digits, sent in the ready-for-pickup e-mail): unique among the
     * pickups not yet collected. The API draws it itself (pickup-code.ts); the default, drawn by the
     * database (migration 0021), serves every other writer: the backfill, seeds and fixtures.
     */
    pickupCode: text("pickup_code").notNull().default(sql`passo_new_pickup_code()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("pickups_dispatch_idx").on(t.orderDispatchDate.desc(), t.id),
    index("pickups_store_dispatch_idx").on(t.pickupStoreName, t.orderDispatchDate.desc()),
    index("pickups_status_dispatch_idx").on(t.pickupStatus, t.orderDispatchDate.desc()),
    index("pickups_store_status_dispatch_idx").on(t.pickupStoreName, t.pickupStatus, t.orderDispatchDate.desc()),
    index("pickups_customer_cpf_idx").on(t.customerCPF),
    index("pickups_third_party_cpf_idx").on(t.authorizedThirdPartyCPF),
    index("pickups_order_number_idx").on(t.orderNumber),
    uniqueIndex("pickups_open_pickup_code").on(t.pickupCode).where(sql`${t.pickupStatus} <> 'Pedido retirado'`),
    index("pickups_waiting_since_idx").on(t.waitingSince).where(sql`${t.waitingSince} is not null`),
  ],
);
