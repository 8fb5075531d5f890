import { withCheckDigit } from "@passo/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema/index.js";
import { accessKeyBars } from "./danfe.js";
import { NFE_SAMPLE as SAMPLE, NFE_SAMPLE_KEY as KEY, NFE_SAMPLES } from "../../testing/nfe-sample.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

/** The same key with another check digit. */
const BAD_KEY = `${KEY.slice(0, 43)}7`;

/** How long the server took over the last upload, from the request sent to its answer (the form built before). */
let lastUploadMs = 0;

async function upload(content: string | Uint8Array<ArrayBuffer>, opts: { filename?: string; type?: string; token?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([content], { type: opts.type ?? "text/xml" }), opts.filename ?? "nfe.xml");
  const body = new Response(form);
  const payload = Buffer.from(await body.arrayBuffer());
  const started = performance.now();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/uploads/nfe",
    headers: { ...bearer(opts.token ?? t.adminToken), "content-type": body.headers.get("content-type")!, ...opts.headers },
    payload,
  });
  lastUploadMs = performance.now() - started;
  return res;
}

/** The DANFE of a stored XML (or a stored PDF as it is), asked for by the administrator. */
const danfeOf = (filename: string) => t.app.inject({ method: "GET", url: `/uploads/${filename}?format=pdf`, headers: bearer(t.adminToken) });

const storedCount = async () => (await t.database.db.select({ name: uploads.name }).from(uploads)).length;

/** Answers 4xx `{error}` with the message, and stores nothing. */
async function expectRefused(content: string | Uint8Array<ArrayBuffer>, status: number, error: string | RegExp) {
  const before = await storedCount();
  const res = await upload(content);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.json()).toEqual({ error: typeof error === "string" ? error : expect.stringMatching(error) });
  expect(await storedCount()).toBe(before);
}

const EXPECTED_NFE = {
  accessKey: KEY,
  number: "1234",
  series: "1",
  issuedAt: "2026-11-20T10:15:00-03:00",
  customer: { name: "Maria Aparecida & Souza", cpf: "52998224725", email: "maria.souza@example.com", phone: "(41) 99876-5432" },
  items: [
    { description: "TÊNIS RUNNER MASC PRETO 40", code: "12345640", ean: "7891234564009", quantity: 2 },
    { description: "SANDÁLIA CASUAL FEM BEGE 38", code: "65432138", ean: "7896543213808", quantity: 1 },
    { description: "MEIA ESPORTIVA CANO CURTO", code: "MEIA-ESP-01", ean: "", quantity: 3 },
  ],
};

describe("uploading the NF-e's XML", () => {
  let store: { token: string; username: string };
  beforeAll(async () => {
    store = await t.createStore();
  });

  it("stores the XML and answers what it read: key, number, series, date, customer and items", async () => {
    const res = await upload(SAMPLE, { filename: "35261112345678000195550010000012341000012346-procNFe.xml" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: "Nota fiscal enviada com sucesso!", filename: expect.stringMatching(/^[0-9a-f-]{36}\.xml$/), nfe: EXPECTED_NFE });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.name, res.json().filename));
    expect(row).toMatchObject({ contentType: "application/xml", size: Buffer.byteLength(SAMPLE) });
  });

  it("serves the stored XML back as application/xml, to whoever may open the pickup's invoice", async () => {
    const { filename } = (await upload(SAMPLE)).json() as { filename: string };
    const res = await t.app.inject({ method: "GET", url: `/uploads/${filename}`, headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="nfe-${filename.replace(/\.xml$/, "")}.xml"`);
    expect(res.body).toBe(SAMPLE);
    // No pickup of the store points at it yet: to the store it does not exist.
    expect((await t.app.inject({ method: "GET", url: `/uploads/${filename}`, headers: bearer(store.token) })).statusCode).toBe(404);
  });

  it("reads an NFe without its nfeProc, the key from its Id", async () => {
    const start = SAMPLE.indexOf("<NFe ");
    const bare = `<?xml version="1.0" encoding="UTF-8"?>\n${SAMPLE.slice(start, SAMPLE.indexOf("</NFe>") + "</NFe>".length)}`;
    const res = await upload(bare);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().nfe).toEqual(EXPECTED_NFE);
  });

  it("takes the key from the protocol when infNFe has no Id, and reads a dest without e-mail or phone", async () => {
    const xml = SAMPLE.replace(` Id="NFe${KEY}"`, "")
      .replace("<email>maria.souza@example.com</email>", "")
      .replace("<fone>41998765432</fone>", "");
    const res = await upload(xml);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().nfe).toMatchObject({ accessKey: KEY, customer: { name: "Maria Aparecida & Souza", cpf: "52998224725", email: "", phone: "" } });
  });

  it("refuses a wrong check digit, a key of another model, an Id without 'NFe' and an Id that disagrees with the protocol", async () => {
    const invalid = "Chave de acesso da NF-e inválida.";
    await expectRefused(SAMPLE.replaceAll(KEY, BAD_KEY), 400, invalid);
    const model57 = withKeyDigit(`${KEY.slice(0, 20)}57${KEY.slice(22, 43)}`);
    await expectRefused(SAMPLE.replaceAll(KEY, model57), 400, invalid);
    await expectRefused(SAMPLE.replace(`Id="NFe${KEY}"`, `Id="${KEY}"`), 400, invalid);
    const other = withKeyDigit(`${KEY.slice(0, 34)}100009999`);
    await expectRefused(SAMPLE.replace(`Id="NFe${KEY}"`, `Id="NFe${other}"`), 400, invalid);
    await expectRefused(SAMPLE.replace(` Id="NFe${KEY}"`, "").replace(`<chNFe>${KEY}</chNFe>`, ""), 400, invalid);
  });

  it("refuses XML that is not an NF-e, another layout, and an NF-e without items", async () => {
    await expectRefused('<?xml version="1.0"?><pedido><numero>1</numero></pedido>', 400, "O XML enviado não é uma NF-e.");
    await expectRefused("<nfeProc><protNFe/></nfeProc>", 400, "O XML enviado não é uma NF-e.");
    await expectRefused('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 400, "O XML enviado não é uma NF-e.");
    await expectRefused(SAMPLE.replaceAll('versao="4.00"', 'versao="3.10"'), 400, "Somente o layout 4.00 da NF-e é aceito.");
    const withoutItems = SAMPLE.slice(0, SAMPLE.indexOf('<det nItem="1">')) + SAMPLE.slice(SAMPLE.indexOf("<total>"));
    await expectRefused(withoutItems, 400, "A NF-e não tem itens.");
  });

  it("refuses an item whose quantity is not a whole count of 1 to 999", async () => {
    for (const qCom of ["1.5000", "0.0000", "1000.0000", "-1", "abc", ""]) {
      await expectRefused(SAMPLE.replace("<qCom>2.0000</qCom>", `<qCom>${qCom}</qCom>`), 400, "A quantidade do item 1 da NF-e deve ser um número inteiro de 1 a 999.");
    }
  });

  it("refuses malformed XML and text that is not UTF-8", async () => {
    const malformed = "O XML enviado está incompleto ou malformado.";
    await expectRefused(SAMPLE.slice(0, SAMPLE.length / 2), 400, malformed);
    await expectRefused("<nfeProc><NFe></nfeProc></NFe>", 400, malformed);
    await expectRefused("<", 400, malformed);
    await expectRefused(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]), 400, malformed);
  });

  it("refuses DOCTYPE and ENTITY declarations at once: no billion laughs, no external entity", async () => {
    const declarations = "O XML da NF-e não pode conter declarações DOCTYPE ou ENTITY.";
    const lol = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`)].join("");
    await expectRefused(`<?xml version="1.0"?><!DOCTYPE lolz [${lol}]><lolz>&lol9;</lolz>`, 400, declarations);
    expect(lastUploadMs).toBeLessThan(1_000);
    await expectRefused(`<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${SAMPLE.replace("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "").replace("Maria Aparecida &amp; Souza", "&xxe;")}`, 400, declarations);
    await expectRefused(`<!DOCTYPE nfeProc SYSTEM "http://127.0.0.1:1/nfe.dtd">${SAMPLE.slice(SAMPLE.indexOf("<nfeProc"))}`, 400, declarations);
    await expectRefused(`<nfeProc><!ELEMENT a ANY></nfeProc>`, 400, declarations);
  });

  it("refuses a deep nesting and a file over 1 MB quickly", async () => {
    const deep = `${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}`;
    await expectRefused(deep, 400, /malformado|não é uma NF-e/);
    expect(lastUploadMs).toBeLessThan(2_000);
    const nestedInNfe = SAMPLE.replace("<xNome>Passo Calçados Ltda</xNome>", `<xNome>${"<b>".repeat(40)}x${"</b>".repeat(40)}</xNome>`);
    await expectRefused(nestedInNfe, 400, "O XML enviado está incompleto ou malformado.");
    const huge = SAMPLE.replace("<infCpl>", `<infCpl>${"x".repeat(1024 * 1024)}`);
    await expectRefused(huge, 413, "O XML da NF-e deve ter no máximo 1 MB.");
    const nineMegabytes = `<nfeProc>${"<x>a</x>".repeat(1_200_000)}</nfeProc>`;
    await expectRefused(nineMegabytes, 413, "O XML da NF-e deve ter no máximo 1 MB.");
    expect(lastUploadMs).toBeLessThan(2_000);
    // Past the upload's own limit the form is cut short before anything tells an XML from a PDF.
    const elevenMegabytes = `<nfeProc>${"<x>a</x>".repeat(1_400_000)}</nfeProc>`;
    await expectRefused(elevenMegabytes, 413, "O arquivo deve ter no máximo 10 MB.");
  });

  it("refuses a file that is neither the PDF nor the XML with 415", async () => {
    await expectRefused("Chave: 35261112345678000195550010000012341000012346", 415, "O arquivo deve ser o PDF ou o XML da NF-e.");
  });

  it("answers the same upload again under the same Idempotency-Key, with the NF-e", async () => {
    const headers = { "idempotency-key": "nfe-xml-once-0001" };
    const first = await upload(SAMPLE, { headers });
    const again = await upload(SAMPLE, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.json().nfe.accessKey).toBe(KEY);
  });

  it("never lets a store send the XML", async () => {
    expect((await upload(SAMPLE, { token: store.token })).statusCode).toBe(403);
  });
});

describe("real-shaped NF-e samples", () => {
  it("reads the buyer (dest) of an NF-e delivered to a third party's address, never the delivery's (entrega) name or CNPJ", async () => {
    // A landline does not fit the form's mobile shape: it keeps its digits, for the office to check.
    const { xml, key } = NFE_SAMPLES.thirdParty;
    expect(xml).toContain("<entrega>");
    const res = await upload(xml);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().nfe).toEqual({
      accessKey: key,
      number: "1301",
      series: "1",
      issuedAt: "2026-11-21T09:30:00-03:00",
      customer: { name: "João Pedro de Oliveira", cpf: "11144477735", email: "joao.oliveira@example.com", phone: "4133221100" },
      items: [{ description: "BOTA COURO MASC CAFÉ 42", code: "32100142", ean: "7893210014201", quantity: 1 }],
    });
    expect(JSON.stringify(res.json())).not.toMatch(/Araucária|98765432000198|recepcao/);
  });

  it("reads all 30 items of a long NF-e in order, each with its EAN or none for 'SEM GTIN'", async () => {
    const { xml, key } = NFE_SAMPLES.thirtyItems;
    const res = await upload(xml);
    expect(res.statusCode, res.body).toBe(201);
    const nfe = res.json().nfe as { accessKey: string; customer: unknown; items: { description: string; code: string; ean: string; quantity: number }[] };
    expect(nfe.accessKey).toBe(key);
    expect(nfe.customer).toEqual({ name: "Ana Beatriz Lima", cpf: "39053344705", email: "ana.lima@example.com", phone: "(11) 98765-4321" });
    expect(nfe.items).toHaveLength(30);
    expect(nfe.items.map((item) => item.description)).toEqual(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? expect.stringMatching(new RegExp(`^TÊNIS CORRIDA MOD ${String(i + 1).padStart(2, "0")} `)) : `MEIA ESPORTIVA KIT ${String(i + 1).padStart(2, "0")}`)),
    );
    const withEan = nfe.items.filter((item) => item.ean !== "");
    expect(withEan).toHaveLength(15);
    for (const item of withEan) expect(withCheckDigit(item.ean.slice(0, 12))).toBe(item.ean);
    expect(nfe.items[0]).toEqual({ description: "TÊNIS CORRIDA MOD 01 TAM 34", code: "50000134", ean: "7895000013401", quantity: 2 });
    expect(nfe.items[1]).toEqual({ description: "MEIA ESPORTIVA KIT 02", code: "ACES-02", ean: "", quantity: 1 });
    expect(nfe.items[29]).toMatchObject({ code: "ACES-30", ean: "" });
    // Its DANFE prints every item.
    const danfe = await danfeOf(res.json().filename);
    expect(danfe.statusCode).toBe(200);
    expect(pdfText(danfe.rawPayload)).toEqual(expect.arrayContaining(["TÊNIS CORRIDA MOD 29 TAM 38", "MEIA ESPORTIVA KIT 30"]));
  });

  it("reads an NFC-e (model 65) whose consumer is known by CPF alone, its QR code beside", async () => {
    const { xml, key } = NFE_SAMPLES.nfce;
    expect(key.slice(20, 22)).toBe("65");
    const res = await upload(xml);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().nfe).toEqual({
      accessKey: key,
      number: "87",
      series: "2",
      issuedAt: "2026-11-23T18:40:00-03:00",
      customer: { name: "Carla Mendes", cpf: "86288366757", email: "", phone: "" },
      items: [
        { description: "CHINELO SLIDE UNISSEX PRETO 37", code: "40010037", ean: "7894001003701", quantity: 1 },
        { description: "SACOLA RETORNÁVEL", code: "SACOLA-01", ean: "", quantity: 1 },
      ],
    });
  });

  it("carries valid keys (mod 11) in every sample, and a wrong digit in any is refused", async () => {
    for (const { xml, key } of Object.values(NFE_SAMPLES)) {
      expect(withKeyDigit(key.slice(0, 43))).toBe(key);
      const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
      await expectRefused(xml.replaceAll(key, wrong), 400, "Chave de acesso da NF-e inválida.");
    }
  });
});

/** The lines of text a PDF shows, from its uncompressed content streams (pdfkit writes each as a TJ of hex strings in WinAnsi). */
function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const [, array] of pdf.toString("latin1").matchAll(/\[([^\]]*)\] TJ/g)) {
    lines.push([...array!.matchAll(/<([0-9a-f]+)>/gi)].map(([, hex]) => new TextDecoder("windows-1252").decode(Buffer.from(hex!, "hex"))).join(""));
  }
  return lines;
}

describe("the DANFE of an XML invoice", () => {
  it("prints, with ?format=pdf, a simplified DANFE: key, number and series, dates, issuer, customer and items", async () => {
    const { filename } = (await upload(SAMPLE)).json() as { filename: string };
    const res = await danfeOf(filename);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="danfe-${filename.replace(/\.xml$/, "")}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining([
        "DANFE SIMPLIFICADO",
        "Passo Calçados Ltda",
        "CNPJ 12.345.678/0001-95 · IE 123456789110 · UF SP",
        "1 - SAÍDA",
        "Nº 000.001.234   Série 1",
        "3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2346",
        "20/11/2026 10:15",
        "135260000012345  20/11/2026 10:15",
        "Maria Aparecida & Souza",
        "CPF 529.982.247-25 · UF PR",
        "(41) 99876-5432 · maria.souza@example.com",
        "VALOR TOTAL DA NF-E",
        "R$ 809,40",
        "TÊNIS RUNNER MASC PRETO 40",
        "MEIA ESPORTIVA CANO CURTO",
        "SEM GTIN",
      ]),
    );
  });

  it("prints, for an NF-e without its protocol, that it has none, or that it was issued in contingency; and a company recipient's CNPJ and IE", async () => {
    const bare = SAMPLE.slice(SAMPLE.indexOf("<NFe "), SAMPLE.indexOf("</NFe>") + "</NFe>".length);
    const company = (xml: string) =>
      xml.replace("<CPF>52998224725</CPF>", "<CNPJ>11222333000181</CNPJ>").replace("<indIEDest>9</indIEDest>", "<indIEDest>1</indIEDest><IE>9012345678</IE>");
    const danfe = async (xml: string) => {
      const { filename } = (await upload(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`)).json() as { filename: string };
      const res = await danfeOf(filename);
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload);
    };
    const withoutProtocol = await danfe(company(bare));
    expect(withoutProtocol).toEqual(expect.arrayContaining(["PROTOCOLO DE AUTORIZAÇÃO", "SEM PROTOCOLO NO ARQUIVO", "CNPJ 11.222.333/0001-81 · IE 9012345678 · UF PR"]));
    const contingency = await danfe(bare.replace("<tpEmis>1</tpEmis>", "<tpEmis>9</tpEmis>"));
    expect(contingency).toContain("EMITIDA EM CONTINGÊNCIA");
    expect(contingency).not.toContain("SEM PROTOCOLO NO ARQUIVO");
  });

  it("draws the access key as Code 128 set C: start, 22 digit pairs, check and stop, 277 modules", async () => {
    const bars = accessKeyBars(KEY);
    // 24 symbols of 6 elements (3 bars, 3 spaces) and a stop of 7 (4 bars, 3 spaces).
    expect(bars).toHaveLength(24 * 6 + 7);
    expect(bars.reduce((total, width) => total + width, 0)).toBe(24 * 11 + 13);
    // Set C's start symbol (105): bar 2, space 1, bar 1, space 2, bar 3, space 2.
    expect(bars.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]);
    expect(accessKeyBars(BAD_KEY)).not.toEqual(bars);
    // The DANFE draws each bar as a filled rectangle.
    const { filename } = (await upload(SAMPLE)).json() as { filename: string };
    const res = await danfeOf(filename);
    const rectangles = res.rawPayload.toString("latin1").match(/ re\n/g) ?? [];
    expect(rectangles.length).toBeGreaterThanOrEqual(Math.ceil(bars.length / 2));
  });

  it("serves a stored PDF as it is, with or without ?format=pdf, and refuses another format", async () => {
    const form = new FormData();
    form.append("invoiceFileName", new Blob(["%PDF-1.4\n%%EOF\n"], { type: "application/pdf" }), "nota.pdf");
    const body = new Response(form);
    const pdf = await t.app.inject({
      method: "POST",
      url: "/api/uploads/nfe",
      headers: { ...bearer(t.adminToken), "content-type": body.headers.get("content-type")! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    const name = pdf.json().filename as string;
    const res = await danfeOf(name);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("%PDF-1.4\n%%EOF\n");
    const { filename } = (await upload(SAMPLE)).json() as { filename: string };
    const odd = await t.app.inject({ method: "GET", url: `/uploads/${filename}?format=docx`, headers: bearer(t.adminToken) });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ error: expect.any(String) });
  });

  it("opens in a browser tab with a ticket, and only for those who may open the pickup's invoice", async () => {
    const { filename } = (await upload(SAMPLE)).json() as { filename: string };
    const store = await t.createStore();
    expect((await t.app.inject({ method: "GET", url: `/uploads/${filename}?format=pdf`, headers: bearer(store.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/uploads/${filename}?format=pdf` })).statusCode).toBe(401);
    const { url } = (await t.app.inject({ method: "POST", url: "/api/uploads/ticket", headers: bearer(t.adminToken), payload: { name: filename } })).json() as { url: string };
    const res = await t.app.inject({ method: "GET", url: `${url}&format=pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(pdfText(res.rawPayload)).toContain("DANFE SIMPLIFICADO");
  });
});

/** 43 digits with their mod-11 check digit, computed here from the rule. */
function withKeyDigit(first43: string): string {
  const sum = [...first43].reverse().reduce((total, digit, i) => total + Number(digit) * (2 + (i % 8)), 0);
  return `${first43}${sum % 11 < 2 ? 0 : 11 - (sum % 11)}`;
}

// The EANs of the sample are of the demo catalog's shape: 789, a 6-digit reference, the size, 0.
describe("the sample NF-e", () => {
  it("carries EANs of the demo catalog's shape", () => {
    expect(withCheckDigit("789123456400")).toBe("7891234564009");
    expect(withCheckDigit("789654321380")).toBe("7896543213808");
  });
});
