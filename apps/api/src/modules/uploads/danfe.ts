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

/**
 * A simplified DANFE (the one SEFAZ allows for e-commerce deliveries) of an NF-e's XML: the issuer,
 * the number and series, the access key, the authorisation, the dates, the customer and the items,
 * on A4 pages. Texts in the standard fonts (WinAnsi: Portuguese accents print).
 */
export function renderDanfe(document: NfeDocument): Promise<Buffer> {
  const { nfe, issuer } = document;
  const pdf = new PDFDocument({ size: "A4", margin: 36, compress: false, info: { Title: `DANFE NF-e ${nfe.number}`, Author: issuer.name || "Passo" } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const label = (text: string) => pdf.font("Helvetica").fontSize(7).fillColor("#555555").text(text.toUpperCase(), { width });
  const value = (text: string, size = 10) => pdf.font("Helvetica-Bold").fontSize(size).fillColor("#000000").text(text || "—", { width });
  const rule = () => {
    pdf.moveDown(0.4);
    pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).lineWidth(0.5).strokeColor("#999999").stroke();
    pdf.moveDown(0.4);
  };

  pdf.font("Helvetica-Bold").fontSize(14).text("DANFE SIMPLIFICADO", { width, align: "center" });
  pdf.font("Helvetica").fontSize(8).text("Documento Auxiliar da Nota Fiscal Eletrônica", { width, align: "center" });
  rule();
  label("Emitente");
  value(issuer.name, 11);
  pdf.font("Helvetica").fontSize(9).text([`CNPJ ${formatCnpj(issuer.cnpj)}`, issuer.uf].filter(Boolean).join(" · "), { width });
  if (document.nature) pdf.text(`Natureza da operação: ${document.nature}`, { width });
  rule();
  label("NF-e");
  value(`Nº ${formatNfeNumber(nfe.number)}   Série ${nfe.series || "—"}`, 12);
  label("Chave de acesso");
  const bars = accessKeyBars(nfe.accessKey);
  const modules = bars.reduce((total, widthInModules) => total + widthInModules, 0);
  if (modules > 0) {
    const module = Math.min(1, width / modules);
    let x = left;
    const y = pdf.y + 2;
    bars.forEach((widthInModules, index) => {
      if (index % 2 === 0) pdf.rect(x, y, widthInModules * module, 36).fill("#000000");
      x += widthInModules * module;
    });
    pdf.x = left;
    pdf.y = y + 40;
  }
  pdf.font("Courier-Bold").fontSize(11).fillColor("#000000").text(formatAccessKey(nfe.accessKey), { width });
  label("Emissão");
  value(dateTime(nfe.issuedAt));
  if (document.authorization) {
    label("Protocolo de autorização");
    value(`${document.authorization.protocol}  ${dateTime(document.authorization.receivedAt)}`);
  }
  rule();
  label("Destinatário");
  value(nfe.customer.name, 11);
  pdf.font("Helvetica").fontSize(9).text([nfe.customer.cpf && `CPF ${formatCpf(nfe.customer.cpf)}`, nfe.customer.phone, nfe.customer.email].filter(Boolean).join(" · ") || "—", { width });
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
