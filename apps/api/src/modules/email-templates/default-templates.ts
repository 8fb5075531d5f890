import type { TemplateTitle, TemplateType } from "@passo/domain";

/**
 * The templates every installation starts with: one per type and title. Bodies use
 * logic-less {{placeholders}} filled from the record the e-mail is about.
 */
interface Default {
  description: string;
  lead: string;
  /** What follows the lead in this e-mail alone (the ready e-mail's pickup code and its QR). */
  extra?: string;
}

const PICKLIST: Partial<Record<TemplateType, Default>> = {
  Notificação: { description: "Nova lista de separação para {{destination}}", lead: "Uma nova lista de separação foi enviada para a sua loja." },
  Alerta: { description: "Lista de separação aguardando início – {{destination}}", lead: "Há uma lista de separação que ainda não foi iniciada pela loja." },
  Confirmação: { description: "Lista de separação finalizada – {{destination}}", lead: "A lista de separação foi finalizada pela loja." },
  Lembrete: { description: "Lembrete: lista de separação em andamento – {{destination}}", lead: "A lista de separação abaixo ainda está em andamento." },
  "Lembrete automático": {
    description: "Lista de separação ainda não iniciada – {{destination}}",
    lead: "A lista de separação abaixo foi enviada há {{hoursSinceSent}} horas e ainda não foi iniciada. Por favor, inicie a separação assim que possível.",
  },
};

const PICKUP: Partial<Record<TemplateType, Default>> = {
  Notificação: {
    description: "Seu pedido {{orderNumber}} está pronto para retirada",
    lead: "Olá, {{customerFullName}}! Seu pedido já está disponível para retirada na loja {{pickupStoreName}}.",
    extra: `  <p>Na loja, mostre o código de retirada <strong style="font-size: 20px; letter-spacing: 2px;">{{pickupCode}}</strong> ou este QR code, e tenha em mãos um documento com foto.</p>
  {{pickupCodeQr}}`,
  },
  Alerta: { description: "Pedido {{orderNumber}} a caminho da loja {{pickupStoreName}}", lead: "Um pedido para retirada em loja foi despachado e ainda não teve o recebimento confirmado." },
  Confirmação: { description: "Pedido {{orderNumber}} retirado", lead: "Olá, {{customerFullName}}! Confirmamos a retirada do seu pedido na loja {{pickupStoreName}}." },
  Lembrete: { description: "Lembrete: pedido {{orderNumber}} aguardando retirada", lead: "O pedido abaixo aguarda a retirada pelo cliente na loja {{pickupStoreName}}." },
  "Lembrete automático": {
    description: "Seu pedido {{orderNumber}} aguarda a retirada",
    lead: "Olá, {{customerFullName}}! Seu pedido está disponível na loja {{pickupStoreName}} há {{daysWaiting}} dias. Venha retirá-lo quando puder; leve um documento com foto.",
  },
  Escalonamento: {
    description: "Pedido {{orderNumber}} aguarda retirada há {{daysWaiting}} dias – {{pickupStoreName}}",
    lead: "O pedido abaixo aguarda a retirada na loja {{pickupStoreName}} há {{daysWaiting}} dias, e o cliente já foi lembrado. Por favor, entre em contato com o cliente.",
  },
};

const RETURN: Partial<Record<TemplateType, Default>> = {
  Notificação: { description: "Devolução do pedido {{orderNumber}} registrada", lead: "Olá, {{customerFullName}}! Registramos a sua solicitação de devolução. Leve os produtos a uma de nossas lojas físicas." },
  Alerta: { description: "Devolução do pedido {{orderNumber}} pendente", lead: "A devolução abaixo ainda não foi recebida por nenhuma loja." },
  Confirmação: { description: "Devolução do pedido {{orderNumber}}: {{returnStatus}}", lead: "Olá, {{customerFullName}}! A sua devolução foi atualizada para: {{returnStatus}}." },
  Lembrete: { description: "Lembrete: devolução do pedido {{orderNumber}}", lead: "Lembramos que a devolução abaixo ainda está em aberto." },
};

function page(lead: string, details: string, extra?: string): string {
  return `<div style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto;">
  <h2 style="color: #111827;">{{companyName}}</h2>
  <p>${lead}</p>
${extra ? `${extra}\n` : ""}${details}
  <p style="color: #6b7280; font-size: 12px;">Esta é uma mensagem automática. Não responda a este e-mail.</p>
</div>`;
}

const DETAILS: Record<TemplateTitle, string> = {
  "Lista de separação": `  <p><strong>Loja:</strong> {{destination}}<br><strong>Enviada em:</strong> {{sendDate}}{{#timeStarted}}<br><strong>Iniciada em:</strong> {{timeStarted}}{{/timeStarted}}<br><strong>Status:</strong> {{currentStatus}}</p>
  <p><strong>Itens:</strong></p>
  <ul>{{#listItems}}<li>{{.}}</li>{{/listItems}}</ul>`,
  "Retirada em loja": `  <p><strong>Pedido:</strong> {{orderNumber}}<br><strong>Loja de retirada:</strong> {{pickupStoreName}}<br><strong>Código de rastreio / TR:</strong> {{trackingCode}}<br><strong>Data prevista:</strong> {{scheduledPickupDate}}<br><strong>Status:</strong> {{pickupStatus}}</p>
  <p><strong>Itens:</strong></p>
  <ul>{{#orderItems}}<li>{{.}}</li>{{/orderItems}}</ul>`,
  "Devolução em loja física": `  <p><strong>Pedido:</strong> {{orderNumber}}<br><strong>Status:</strong> {{returnStatus}}</p>
  <p><strong>Itens:</strong></p>
  <ul>{{#returnItems}}<li>{{.}}</li>{{/returnItems}}</ul>`,
};

const BY_TITLE: Record<TemplateTitle, Partial<Record<TemplateType, Default>>> = {
  "Lista de separação": PICKLIST,
  "Retirada em loja": PICKUP,
  "Devolução em loja física": RETURN,
};

/** The shipped template of a type and title; every pair of TEMPLATE_PAIRS has one. */
export function defaultTemplate(type: TemplateType, title: TemplateTitle): { description: string; content: string } {
  const d = BY_TITLE[title][type];
  if (!d) throw new Error(`no e-mail template ${type} / ${title}`);
  return { description: d.description, content: page(d.lead, DETAILS[title], d.extra) };
}
