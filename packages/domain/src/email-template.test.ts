import { describe, expect, it } from "vitest";
import { emailTemplateInputSchema, emailTemplateUpdateSchema, isSafeLink, renderTemplate, TemplateImage } from "./email-template.js";

const company = { name: "Calçados Teste", emailDomain: "passo.test" };
const timeZone = "America/Sao_Paulo";

describe("the e-mail template form", () => {
  const valid = { type: "Alerta", title: "Lista de separação", description: "Assunto", content: "<p>Olá</p>" };
  const firstMessage = (input: unknown) => emailTemplateInputSchema.safeParse(input).error?.issues[0]?.message;

  it("needs a subject and a body", () => {
    expect(firstMessage({ ...valid, description: "   " })).toBe("O assunto do e-mail não pode ser vazia.");
    expect(firstMessage({ ...valid, description: undefined })).toBe("O assunto do e-mail não pode ser vazia.");
    expect(firstMessage({ ...valid, content: "" })).toBe("O conteudo do e-mail não pode ser vazio");
  });

  it("knows the four types and three titles", () => {
    expect(firstMessage({ ...valid, type: "Aviso" })).toBe("Tipo de modelo inválido.");
    expect(firstMessage({ ...valid, title: "Troca" })).toBe("Título de modelo inválido.");
  });

  it("lets an edit carry only what changes", () => {
    expect(emailTemplateUpdateSchema.parse({ description: " Novo assunto " })).toEqual({ description: "Novo assunto" });
  });
});

describe("filling a template with a record", () => {
  it("puts the record's fields and the company's name in subject and body", () => {
    const email = renderTemplate(
      { description: "Lista para {{destination}}", content: "<h2>{{companyName}}</h2><p>{{destination}}: {{currentStatus}}</p>" },
      { destination: "Loja Centro", currentStatus: "Não iniciado" },
      company,
      timeZone,
    );
    expect(email).toEqual({
      subject: "Lista para Loja Centro",
      html: "<h2>Calçados Teste</h2><p>Loja Centro: Não iniciado</p>",
    });
  });

  it("escapes values in the body, so a record cannot inject markup", () => {
    const email = renderTemplate(
      { description: "{{item}}", content: "<p>{{item}}</p><ul>{{#items}}<li>{{.}}</li>{{/items}}</ul>" },
      { item: `<script>alert("x")</script>`, items: ["<b>bota</b> & 'meia'"] },
      company,
      timeZone,
    );
    expect(email.html).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><ul><li>&lt;b&gt;bota&lt;/b&gt; &amp; &#39;meia&#39;</li></ul>",
    );
    expect(email.html).not.toContain("<script>");
    expect(email.subject).toBe(`<script>alert("x")</script>`);
  });

  it("repeats a section for each item of a list, and drops it for an empty one", () => {
    const template = { description: "s", content: "<ul>{{#listItems}}<li>{{.}}</li>{{/listItems}}</ul>{{#numberTransfer}}TR {{numberTransfer}}{{/numberTransfer}}" };
    expect(renderTemplate(template, { listItems: ["TENIS 42", "BOTA 38"], numberTransfer: "123456" }, company, timeZone).html).toBe(
      "<ul><li>TENIS 42</li><li>BOTA 38</li></ul>TR 123456",
    );
    expect(renderTemplate(template, { listItems: [], numberTransfer: null }, company, timeZone).html).toBe("<ul></ul>");
  });

  it("writes dates in pt-BR with a 24-hour clock in the given time zone", () => {
    const template = { description: "{{sendDate}}", content: "{{sendDate}} / {{timeStarted}} / {{timeCompleted}}" };
    const email = renderTemplate(template, { sendDate: new Date("2024-03-05T17:07:09Z"), timeStarted: "2024-03-05T23:30:00.000Z", timeCompleted: null }, company, timeZone);
    expect(email.subject).toMatch(/^05\/03\/2024,? 14:07:09$/);
    expect(email.html).toMatch(/^05\/03\/2024,? 14:07:09 \/ 05\/03\/2024,? 20:30:00 \/ $/);
  });

  it("leaves unknown placeholders empty and never reaches inherited properties", () => {
    const email = renderTemplate({ description: "a{{nada}}b", content: "[{{constructor}}][{{toString}}][{{ }}][{{#sem}}x{{/sem}}]" }, {}, company, timeZone);
    expect(email).toEqual({ subject: "ab", html: "[][][][]" });
  });

  it("does not read a value as a placeholder", () => {
    const email = renderTemplate({ description: "s", content: "{{customerFullName}}|{{#orderItems}}{{.}}{{/orderItems}}" }, { customerFullName: "{{companyName}}", orderItems: ["{{customerFullName}}"] }, company, timeZone);
    expect(email.html).toBe("{{companyName}}|{{customerFullName}}");
  });

  it("keeps the subject on one line", () => {
    const email = renderTemplate({ description: "Pedido {{orderNumber}}", content: "" }, { orderNumber: "123\r\nBcc: x@y.z" }, company, timeZone);
    expect(email.subject).toBe("Pedido 123 Bcc: x@y.z");
  });

  it("writes yes/no for flags and joins a list used as a value", () => {
    const email = renderTemplate({ description: "s", content: "{{authorizedThirdPartyPickup}} {{orderItems}}" }, { authorizedThirdPartyPickup: true, orderItems: ["A", "B"] }, company, timeZone);
    expect(email.html).toBe("Sim A, B");
  });
});

describe("links in a rendered e-mail", () => {
  const company = { name: "Passo", emailDomain: "passo.test" };
  const body = (content: string, record: Record<string, unknown>) => renderTemplate({ description: "x", content }, record, company, "America/Sao_Paulo").html;

  it("keeps a value's http, https and mailto links, and relative ones", () => {
    expect(body('<a href="{{url}}">ver</a>', { url: "https://passo.test/p?a=1&b=2" })).toBe('<a href="https://passo.test/p?a=1&amp;b=2">ver</a>');
    expect(body("<a href='{{url}}'>ver</a>", { url: "HTTP://passo.test" })).toBe("<a href='HTTP://passo.test'>ver</a>");
    expect(body('<a href="mailto:{{email}}">e-mail</a>', { email: "maria@cliente.test" })).toBe('<a href="mailto:maria@cliente.test">e-mail</a>');
    expect(body('<a href="{{path}}">ver</a>', { path: "/pickup/1" })).toBe('<a href="/pickup/1">ver</a>');
  });

  it("renders inert a link a value gives another scheme, however it is spelt", () => {
    for (const url of ["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)", "\u0001javascript:x"]) {
      expect(body('<a href="{{url}}">ver</a>', { url })).toBe('<a href="#">ver</a>');
    }
    expect(body("<a title=x href={{url}}>ver</a>", { url: "javascript:alert(1)" })).toBe('<a title=x href="#">ver</a>');
    expect(body('<a href="{{a}}{{b}}">ver</a>', { a: "", b: "javascript:alert(1)" })).toBe('<a href="#">ver</a>');
  });

  it("reads character references as the mail client does", () => {
    expect(isSafeLink("&#106;avascript:alert(1)")).toBe(false);
    expect(isSafeLink("java&#x09;script:x")).toBe(false);
    expect(isSafeLink("https://passo.test/a:b")).toBe(true);
    expect(isSafeLink("pedido/123:4")).toBe(true); // a relative path: no scheme before its first "/"
  });
});

describe("an image in a template", () => {
  const qr = new TemplateImage("cid:pickup-code-qr@passo", "Código de retirada 482915", 180);

  it("shows the image where its variable stands in the body, and nothing in the subject", () => {
    const rendered = renderTemplate({ description: "Código {{pickupCode}} {{pickupCodeQr}}", content: "<p>{{pickupCode}}</p>{{pickupCodeQr}}" }, { pickupCode: "482915" }, company, "America/Sao_Paulo", { pickupCodeQr: qr });
    expect(rendered.subject).toBe("Código 482915");
    expect(rendered.html).toBe('<p>482915</p><img src="cid:pickup-code-qr@passo" alt="Código de retirada 482915" width="180" height="180" style="display:block;border:0;">');
  });

  it("is never made from a record's text, even one named like the image", () => {
    const rendered = renderTemplate({ description: "s", content: "{{pickupCodeQr}}" }, { pickupCodeQr: '<img src="x" onerror="alert(1)">' }, company, "America/Sao_Paulo");
    expect(rendered.html).toBe("&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;");
  });
});
