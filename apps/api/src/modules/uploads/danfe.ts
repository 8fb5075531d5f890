import { formatAccessKey, formatCnpj, formatCpf, formatNfeNumber } from "@passo/domain";
import bwipjs from "bwip-js";
import PDFDocument from "pdfkit";
import type { NfeDocument } from "./nfe-xml.js";

/** "2026-11-20T10:15:00-03:00" → "20/11/2026 10:15", the issuer's own clock as the NF-e writes it. */
function dateTime(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return value;
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)} ${value.slice(11, 16)}`;
}

/**
 * The access key as Code 128 (set C, as the NF-e manual asks: 22 digit pairs): the widths, in
 * modules, of its bars and spaces in turn, a bar first.
 */
export function accessKeyBars(key: string): number[] {
  const [symbol] = bwipjs.raw("code128", key) as Array<{ sbs?: number[] }>;
  return symbol?.sbs ?? [];
}

/** "809.40" → "R$ 809,40". */
function formatMoney(value: string): string {
  const amount = Number(value);
  if (value === "" || !Number.isFinite(amount)) return value;
  return `R$ ${new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}

/** The recipient's document as printed: a CPF or a CNPJ by its length, anything else as written. */
function formatDocument(value: string): string {
  if (/^\d{11}$/.test(value)) return `CPF ${formatCpf(value)}`;
  if (/^\d{14}$/.test(value)) return `CNPJ ${formatCnpj(value)}`;
  return value;
}

const OPERATIONS: Record<string, string> = { "0": "0 - ENTRADA", "1": "1 - SAÍDA" };

/**
 * A simplified DANFE (the 'DANFE Simplificado – Etiqueta' of NT 2020.004, which SEFAZ allows for
 * e-commerce deliveries) of an NF-e's XML, on A4 pages: the access key and its Code 128 barcode in
 * the top right corner; field titles in bold capitals; every text 7 points or more (the note asks
 * for 6); the issuer (name, CNPJ, state registration, state), the number, series, date and
 * operation, the authorisation's protocol and date (or that it was issued in contingency), the
 * recipient (name, CPF or CNPJ, state registration, state), the total, and then the items, which
 * the note leaves optional and the counter uses to check the pairs. Texts in the standard fonts
 * (WinAnsi: Portuguese accents print).
 */
export function renderDanfe(document: NfeDocument): Promise<Buffer> {
  const { nfe, issuer, recipient } = document;
  const pdf = new PDFDocument({ size: "A4", margin: 36, compress: false, info: { Title: `DANFE NF-e ${nfe.number}`, Author: issuer.name || "Passo" } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const label = (text: string, at = { x: left, width }) =>
    pdf.font("Helvetica-Bold").fontSize(7).fillColor("#000000").text(text.toUpperCase(), at.x, pdf.y, { width: at.width });
  const value = (text: string, size = 10, at = { x: left, width }) =>
    pdf.font("Helvetica").fontSize(size).fillColor("#000000").text(text || "—", at.x, pdf.y, { width: at.width });
  const rule = () => {
    pdf.moveDown(0.4);
    pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).lineWidth(0.5).strokeColor("#999999").stroke();
    pdf.moveDown(0.4);
  };

  // Top: the document on the left, the access key and its barcode in the top right corner.
  const top = pdf.y;
  const bars = accessKeyBars(nfe.accessKey);
  const modules = bars.reduce((total, widthInModules) => total + widthInModules, 0);
  const keyColumn = { x: left + width - Math.max(modules, 300), width: Math.max(modules, 300) };
  const docColumn = { x: left, width: keyColumn.x - left - 12 };
  pdf.font("Helvetica-Bold").fontSize(14).text("DANFE SIMPLIFICADO", docColumn.x, top, { width: docColumn.width });
  pdf.font("Helvetica").fontSize(8).text("Documento Auxiliar da Nota Fiscal Eletrônica", docColumn.x, pdf.y, { width: docColumn.width });
  pdf.moveDown(0.4);
  label("Tipo de operação", docColumn);
  value(OPERATIONS[document.operation] ?? document.operation, 10, docColumn);
  label("Número e série", docColumn);
  value(`Nº ${formatNfeNumber(nfe.number)}   Série ${nfe.series || "—"}`, 12, docColumn);
  label("Data de emissão", docColumn);
  value(dateTime(nfe.issuedAt), 10, docColumn);
  const leftBottom = pdf.y;

  pdf.y = top;
  label("Chave de acesso", keyColumn);
  if (modules > 0) {
    let x = keyColumn.x;
    const y = pdf.y + 2;
    bars.forEach((widthInModules, index) => {
      if (index % 2 === 0) pdf.rect(x, y, widthInModules, 36).fill("#000000");
      x += widthInModules;
    });
    pdf.y = y + 40;
  }
  pdf.font("Courier-Bold").fontSize(9).fillColor("#000000").text(formatAccessKey(nfe.accessKey), keyColumn.x, pdf.y, { width: keyColumn.width });
  pdf.moveDown(0.3);
  label("Protocolo de autorização", keyColumn);
  if (document.authorization) value(`${document.authorization.protocol}  ${dateTime(document.authorization.receivedAt)}`, 10, keyColumn);
  else value(document.contingency ? "EMITIDA EM CONTINGÊNCIA" : "SEM PROTOCOLO NO ARQUIVO", 10, keyColumn);
  pdf.x = left;
  pdf.y = Math.max(pdf.y, leftBottom);
  rule();

  label("Emitente");
  value(issuer.name, 11);
  pdf.font("Helvetica").fontSize(9).text([`CNPJ ${formatCnpj(issuer.cnpj)}`, issuer.ie && `IE ${issuer.ie}`, issuer.uf && `UF ${issuer.uf}`].filter(Boolean).join(" · "), { width });
  if (document.nature) pdf.text(`Natureza da operação: ${document.nature}`, { width });
  rule();
  label("Destinatário");
  value(nfe.customer.name, 11);
  pdf
    .font("Helvetica")
    .fontSize(9)
    .text([recipient.document && formatDocument(recipient.document), recipient.ie && `IE ${recipient.ie}`, recipient.uf && `UF ${recipient.uf}`].filter(Boolean).join(" · ") || "—", { width });
  const contact = [nfe.customer.phone, nfe.customer.email].filter(Boolean).join(" · ");
  if (contact) pdf.text(contact, { width });
  if (document.total) {
    pdf.moveDown(0.4);
    label("Valor total da NF-e");
    value(formatMoney(document.total), 11);
  }
  rule();

  label("Itens");
  const columns = { quantity: 40, code: 90, ean: 95 };
  const descriptionWidth = width - columns.quantity - columns.code - columns.ean;
  const row = (cells: [string, string, string, string], bold: boolean) => {
    if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 30) pdf.addPage();
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8).fillColor("#000000");
    const heights = [
      pdf.heightOfString(cells[0], { width: columns.quantity }),
      pdf.heightOfString(cells[1], { width: columns.code }),
      pdf.heightOfString(cells[2], { width: descriptionWidth }),
      pdf.heightOfString(cells[3], { width: columns.ean }),
    ];
    pdf.text(cells[0], left, y, { width: columns.quantity });
    pdf.text(cells[1], left + columns.quantity, y, { width: columns.code });
    pdf.text(cells[2], left + columns.quantity + columns.code, y, { width: descriptionWidth });
    pdf.text(cells[3], left + columns.quantity + columns.code + descriptionWidth, y, { width: columns.ean });
    pdf.x = left;
    pdf.y = y + Math.max(...heights) + 3;
  };
  row(["Qtd.", "Código", "Descrição", "GTIN"], true);
  for (const item of nfe.items) row([String(item.quantity), item.code, item.description, item.ean || "SEM GTIN"], false);
  rule();
  pdf
    .font("Helvetica")
    .fontSize(7)
    .fillColor("#555555")
    .text("Consulte a autenticidade no portal nacional da NF-e (www.nfe.fazenda.gov.br/portal) com a chave de acesso.", { width });
  pdf.end();
  return done;
}
