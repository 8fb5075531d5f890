import { maskCpf, PICKLIST_COMPLETED, PICKLIST_IN_PROGRESS, PICKLIST_NOT_STARTED, type Picklist, type Pickup, type ReturnOrder, type TemplateTitle, type TemplateType } from "@passo/domain";

/** A record as the wire carries it: dates as ISO strings. */
type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

const ITEMS = ["TENIS RUNNER 42 12345601", "SANDALIA 37 65432102", "BOTA 40 11122203"];

const SENT = "2026-03-14T12:30:00.000Z";
const STARTED = "2026-03-14T13:05:00.000Z";
const COMPLETED = "2026-03-14T13:42:00.000Z";

function picklist(type: TemplateType): Wire<Picklist> {
  const base: Wire<Picklist> = {
    id: "3f6c2a9e-1b7d-4c55-9a61-0d2e8f4b7c10",
    number: 1234,
    sender: "E-commerce",
    destination: "Loja Centro",
    sendDate: SENT,
    timeStarted: null,
    timeCompleted: null,
    listItems: ITEMS,
    completedItems: [],
    uncompletedItems: [],
    numberTransfer: null,
    currentStatus: PICKLIST_NOT_STARTED,
  };
  if (type === "Lembrete") {
    return { ...base, currentStatus: PICKLIST_IN_PROGRESS, timeStarted: STARTED, completedItems: ITEMS.slice(0, 1), uncompletedItems: ITEMS.slice(1) };
  }
  if (type === "Lembrete automático") {
    return { ...base, hoursSinceSent: 26 } as Wire<Picklist>;
  }
  if (type === "Confirmação") {
    return { ...base, currentStatus: PICKLIST_COMPLETED, timeStarted: STARTED, timeCompleted: COMPLETED, completedItems: ITEMS, numberTransfer: "123456" };
  }
  return base;
}

const CUSTOMER = {
  customerFullName: "Maria Souza",
  customerCPF: "52998224725",
  customerPhone: "(41) 99999-9999",
  customerEmail: "maria.souza@email.com.br",
};

function pickup(type: TemplateType): Record<string, unknown> {
  const base: Wire<Pickup> = {
    id: "8d1e4b7a-52c3-4f09-b6a2-7c9e0f1d2a34",
    orderOrigin: "E-commerce",
    orderDispatchDate: SENT,
    pickupStoreName: "Loja Centro",
    scheduledPickupDate: "2026-03-20T12:00:00.000Z",
    orderReceivedAtStoreDate: null,
    pickupType: "Envio realizado via Correios",
    orderNumber: "1234567890123456",
    trackingCode: "AB123456789BR",
    invoiceFileName: "nfe-1234567890123456.pdf",
    ...CUSTOMER,
    authorizedThirdPartyPickup: false,
    authorizedThirdPartyFullName: null,
    authorizedThirdPartyCPF: null,
    orderItems: ITEMS.slice(0, 2),
    pickupStatus: "Em trânsito",
    actualPickupDate: null,
    waitingSince: null,
    overdue: false,
    collectedBy: null,
    handedOverBy: null,
    cpfCheckLocked: false,
  };
  const received = {
    ...base,
    pickupStatus: "Aguardando retirada" as const,
    orderReceivedAtStoreDate: "2026-03-16T14:10:00.000Z",
    waitingSince: "2026-03-16T14:10:00.000Z",
  };
  // The customer's own e-mails show the whole record; the store's and its supervisors' show no
  // phone or e-mail and a masked CPF, as the server sends them.
  const storeView = ({ customerPhone: _phone, customerEmail: _email, ...rest }: Wire<Pickup>) => ({
    ...rest,
    customerCPF: maskCpf(rest.customerCPF),
  });
  switch (type) {
    case "Alerta":
      return storeView(base);
    case "Lembrete":
      return storeView(received);
    case "Notificação":
      return received;
    case "Confirmação":
      return { ...received, pickupStatus: "Pedido retirado", actualPickupDate: "2026-03-17T18:25:00.000Z", waitingSince: null };
    case "Lembrete automático":
      return { ...received, daysWaiting: 3 };
    case "Escalonamento":
      return { ...storeView(received), daysWaiting: 10 };
  }
}

function returnOrder(type: TemplateType): Wire<ReturnOrder> {
  const base: Wire<ReturnOrder> = {
    id: "c5a7e2d1-9b3f-4e68-8a0c-1f2d3e4b5a69",
    dateOfCreation: SENT,
    orderNumber: "6543210987654321",
    ...CUSTOMER,
    returnItems: ITEMS.slice(1),
    returnStatus: "Devolução pendente",
    reasonForRefusal: "",
    returnStore: null,
    dateOfReturn: null,
    dateOfTransfer: null,
    transferNumber: null,
  };
  if (type === "Confirmação") {
    return { ...base, returnStatus: "Devolvido em loja física", returnStore: "Loja Centro", dateOfReturn: "2026-03-18T15:00:00.000Z" };
  }
  return base;
}

/**
 * An example of the record a template is filled with, shown as JSON beside the editor:
 * a picklist, a pickup or a return, in the state the e-mail of that type is sent in.
 */
export function templateSample(title: TemplateTitle, type: TemplateType): Record<string, unknown> {
  switch (title) {
    case "Lista de separação":
      return picklist(type);
    case "Retirada em loja":
      return pickup(type);
    case "Devolução em loja física":
      return returnOrder(type);
  }
}
