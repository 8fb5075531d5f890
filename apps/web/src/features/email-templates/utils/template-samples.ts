import {
  maskCpf,
  PICKLIST_COMPLETED,
  PICKLIST_IN_PROGRESS,
  SAMPLE_ITEMS,
  TemplateImage,
  samplePicklist,
  samplePickup,
  sampleReturn,
  type Picklist,
  type Pickup,
  type ReturnOrder,
  type TemplateTitle,
  type TemplateType,
} from "@passo/domain";

/** A record as the wire carries it: dates as ISO strings. */
type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** A domain sample as the server sends it (JSON: dates as ISO strings). */
const wire = <T>(record: T) => JSON.parse(JSON.stringify(record)) as Wire<T>;

const ITEMS = SAMPLE_ITEMS;

const STARTED = "2026-03-14T13:05:00.000Z";
const COMPLETED = "2026-03-14T13:42:00.000Z";

function picklist(type: TemplateType): Wire<Picklist> {
  const base = wire(samplePicklist);
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

function pickup(type: TemplateType): Record<string, unknown> {
  const base = wire(samplePickup);
  const received = {
    ...base,
    pickupStatus: "Aguardando retirada" as const,
    orderReceivedAtStoreDate: "2026-03-16T14:10:00.000Z",
    waitingSince: "2026-03-16T14:10:00.000Z",
  };
  // The customer's own e-mails show the whole record; the store's and its supervisors' show no
  // phone or e-mail and a masked CPF, as the server sends them.
  // The store's and its supervisors' e-mails never carry the pickup code either.
  const storeView = ({ customerPhone: _phone, customerEmail: _email, pickupCode: _code, ...rest }: Wire<Pickup>) => ({
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
  const base = wire(sampleReturn);
  if (type === "Confirmação") {
    return { ...base, returnStatus: "Devolvido em loja física", returnStore: "Loja Centro", dateOfReturn: "2026-03-18T15:00:00.000Z" };
  }
  return base;
}

/**
 * An example of the record a template is filled with, shown as JSON beside the editor: the domain's
 * sample picklist, pickup or return, moved to the state the e-mail of that type is sent in.
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

/**
 * The images a template of this type and title is sent with, drawn for the preview: the ready-for-pickup
 * e-mail's QR code of the sample's pickup code (`{{pickupCodeQr}}`), as the server attaches it.
 */
export async function templateSampleImages(title: TemplateTitle, type: TemplateType): Promise<Record<string, TemplateImage>> {
  if (title !== "Retirada em loja" || type !== "Notificação") return {};
  const { toString } = await import("qrcode");
  const svg = await toString(samplePickup.pickupCode, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { pickupCodeQr: new TemplateImage(`data:image/svg+xml;base64,${btoa(svg)}`, `Código de retirada ${samplePickup.pickupCode}`, 180) };
}
