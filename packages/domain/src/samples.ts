import { DEFAULT_SENDER, PICKLIST_NOT_STARTED, type Picklist } from "./picklist.js";
import type { Pickup } from "./pickup.js";
import type { ReturnOrder } from "./return.js";

/**
 * One record of each kind, in its first state: the example data of the e-mail templates (the
 * template editor shows it and fills its preview with it, docs/glossary.md) and the ground the tests'
 * records (src/testing/records.ts) are built on.
 */
export const SAMPLE_ITEMS = ["TENIS RUNNER 42 12345601", "SANDALIA 37 65432102", "BOTA 40 11122203"];

/** When the samples were sent: the lists, the pickups and the returns alike. */
export const SAMPLE_SENT = new Date("2026-03-14T12:30:00.000Z");

const CUSTOMER = {
  customerFullName: "Maria Souza",
  customerCPF: "52998224725",
  customerPhone: "(41) 99999-9999",
  customerEmail: "maria.souza@email.com.br",
};

/** A list sent to Loja Centro and not started yet. */
export const samplePicklist: Picklist = {
  id: "3f6c2a9e-1b7d-4c55-9a61-0d2e8f4b7c10",
  number: 1234,
  sender: DEFAULT_SENDER,
  destination: "Loja Centro",
  sendDate: SAMPLE_SENT,
  timeStarted: null,
  timeCompleted: null,
  listItems: SAMPLE_ITEMS,
  completedItems: [],
  uncompletedItems: [],
  numberTransfer: null,
  currentStatus: PICKLIST_NOT_STARTED,
  finishedBy: null,
};

/** Maria Souza's order, posted to Loja Centro and still in transit; nobody else may collect it. */
export const samplePickup: Pickup = {
  id: "8d1e4b7a-52c3-4f09-b6a2-7c9e0f1d2a34",
  orderOrigin: "E-commerce",
  orderDispatchDate: SAMPLE_SENT,
  pickupStoreName: "Loja Centro",
  scheduledPickupDate: new Date("2026-03-20T12:00:00.000Z"),
  orderReceivedAtStoreDate: null,
  pickupType: "Envio realizado via Correios",
  orderNumber: "1234567890123456",
  trackingCode: "AB123456789BR",
  invoiceFileName: "nfe-1234567890123456.pdf",
  invoiceXmlFileName: null,
  ...CUSTOMER,
  authorizedThirdPartyPickup: false,
  authorizedThirdPartyFullName: null,
  authorizedThirdPartyCPF: null,
  orderItems: SAMPLE_ITEMS.slice(0, 2),
  pickupStatus: "Em trânsito",
  actualPickupDate: null,
  waitingSince: null,
  overdue: false,
  collectedBy: null,
  handedOverBy: null,
  receivedBy: null,
  signatureFileName: null,
  cpfCheckLocked: false,
  pickupCode: "482915",
};

/** Maria Souza's return, still pending. */
export const sampleReturn: ReturnOrder = {
  id: "c5a7e2d1-9b3f-4e68-8a0c-1f2d3e4b5a69",
  dateOfCreation: SAMPLE_SENT,
  orderNumber: "6543210987654321",
  ...CUSTOMER,
  returnItems: SAMPLE_ITEMS.slice(1),
  returnStatus: "Devolução pendente",
  reasonForRefusal: "",
  returnStore: null,
  dateOfReturn: null,
  dateOfTransfer: null,
  transferNumber: null,
  receivedBy: null,
};
