import { LINE_QUANTITY_MAX, MAX_NFE_XML_BYTES, MAX_NFE_XML_DEPTH, NFE_MESSAGES, type Nfe, type NfeItem, gtinValid, isValidAccessKey, nfePhone } from "@passo/domain";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { HttpError, badRequest } from "../../lib/errors.js";

const BOM = [0xef, 0xbb, 0xbf];
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Whether a file reads as XML: its first byte after a UTF-8 BOM and blanks is '<'. */
export function looksLikeXml(content: Uint8Array): boolean {
  let i = BOM.every((byte, j) => content[j] === byte) ? BOM.length : 0;
  while (i < content.length && WHITESPACE.has(content[i]!)) i++;
  return content[i] === 0x3c;
}

/**
 * Whether the text holds a markup declaration (`<!DOCTYPE`, `<!ENTITY`, …): anything after `<!`
 * but a comment or a CDATA section. An NF-e has none, and refusing them before parsing leaves no
 * entity to expand (billion laughs) and no external one to fetch (XXE).
 */
function hasDeclaration(text: string): boolean {
  for (let i = text.indexOf("<!"); i !== -1; i = text.indexOf("<!", i + 2)) {
    if (!text.startsWith("<!--", i) && !text.startsWith("<![CDATA[", i)) return true;
  }
  return false;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  // Every value a string as written: a CPF, an EAN or a series keep their leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the five predefined entities (&amp; …) remain possible: declarations are refused above.
  processEntities: true,
  htmlEntities: false,
  maxNestedTags: MAX_NFE_XML_DEPTH,
  isArray: (tagName) => tagName === "det",
});

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);

/** A child element that must be there once, or the file is not an NF-e. */
function child(node: unknown, name: string): Node {
  const value = isNode(node) ? node[name] : undefined;
  if (!isNode(value)) throw badRequest(NFE_MESSAGES.notNfe);
  return value;
}

/** A leaf's text, or "" when it is absent (or not a leaf). */
function text(node: unknown, name: string): string {
  const value = isNode(node) ? node[name] : undefined;
  return typeof value === "string" ? value.trim() : "";
}

/** qCom ("2.0000") as a count of pairs: a whole number from 1 to the catalog line's limit. */
function quantity(value: string, item: number): number {
  const [whole = "", fraction = ""] = value.split(".");
  const digitsOnly = (part: string) => [...part].every((c) => c >= "0" && c <= "9");
  if (!whole || whole.length > 6 || !digitsOnly(whole) || !digitsOnly(fraction) || [...fraction].some((c) => c !== "0")) {
    throw badRequest(NFE_MESSAGES.quantity(item));
  }
  const count = Number(whole);
  if (count < 1 || count > LINE_QUANTITY_MAX) throw badRequest(NFE_MESSAGES.quantity(item));
  return count;
}

/** The access key: infNFe's Id ('NFe' + 44 digits), or the protocol's chNFe; both when given must agree. */
function accessKey(infNFe: Node, protocol: unknown): string {
  const id = text(infNFe, "@_Id");
  const fromId = id ? (id.startsWith("NFe") ? id.slice(3) : undefined) : "";
  const fromProtocol = text(isNode(protocol) ? protocol.infProt : undefined, "chNFe");
  const key = fromId || fromProtocol;
  if (fromId === undefined || !isValidAccessKey(key) || (fromId && fromProtocol && fromId !== fromProtocol)) throw badRequest(NFE_MESSAGES.invalidKey);
  return key;
}

/**
 * Reads an NF-e's XML (an `nfeProc`, or an `NFe` alone, layout 4.00): the key, number, series,
 * date of issue, the customer (dest) and the items (det/prod). Refuses with a Portuguese 4xx:
 * a file over 1 MB (413), not UTF-8, malformed, nested deeper than 32, with a DOCTYPE or ENTITY
 * declaration, not an NF-e, of another layout, with a bad key, without items or with an item
 * whose quantity is not a whole count.
 */
export function readNfeXml(content: Uint8Array): Nfe {
  return readNfeDocument(content).nfe;
}

/**
 * What a DANFE prints beside the NF-e as data (the fields NT 2020.004 asks of the simplified DANFE):
 * the issuer's name, CNPJ, state registration and state; the operation (tpNF: 0 in, 1 out); the
 * recipient's CPF or CNPJ, state registration and state; the total; and the authorisation when the
 * XML is an nfeProc, or that it was issued in contingency (tpEmis other than 1).
 */
export interface NfeDocument {
  nfe: Nfe;
  issuer: { name: string; cnpj: string; ie: string; uf: string };
  recipient: { document: string; ie: string; uf: string };
  operation: string;
  nature: string;
  total: string;
  contingency: boolean;
  authorization?: { protocol: string; receivedAt: string };
}

/** readNfeXml, with what the DANFE prints besides. */
export function readNfeDocument(content: Uint8Array): NfeDocument {
  if (content.byteLength > MAX_NFE_XML_BYTES) throw new HttpError(413, NFE_MESSAGES.tooLarge);
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw badRequest(NFE_MESSAGES.malformed);
  }
  if (hasDeclaration(xml)) throw badRequest(NFE_MESSAGES.declarations);
  if (XMLValidator.validate(xml) !== true) throw badRequest(NFE_MESSAGES.malformed);
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    throw badRequest(NFE_MESSAGES.malformed);
  }

  const proc = isNode(document) ? document.nfeProc : undefined;
  const nfe = child(proc === undefined ? document : proc, "NFe");
  const infNFe = child(nfe, "infNFe");
  if (text(infNFe, "@_versao") !== "4.00") throw badRequest(NFE_MESSAGES.layout);
  const key = accessKey(infNFe, isNode(proc) ? proc.protNFe : undefined);

  const ide = child(infNFe, "ide");
  const number = text(ide, "nNF");
  const issuedAt = text(ide, "dhEmi");
  if (!number || !issuedAt) throw badRequest(NFE_MESSAGES.notNfe);

  const dest = isNode(infNFe.dest) ? infNFe.dest : {};
  const customer = {
    name: text(dest, "xNome"),
    cpf: text(dest, "CPF"),
    email: text(dest, "email"),
    phone: nfePhone(text(dest.enderDest, "fone")),
  };

  const details = infNFe.det;
  if (details === undefined) throw badRequest(NFE_MESSAGES.noItems);
  if (!Array.isArray(details)) throw badRequest(NFE_MESSAGES.notNfe);
  const items = details.map((detail: unknown, index): NfeItem => {
    const prod = child(detail, "prod");
    const itemNumber = Number(text(detail, "@_nItem")) || index + 1;
    const ean = text(prod, "cEAN");
    return {
      description: text(prod, "xProd"),
      code: text(prod, "cProd"),
      ean: gtinValid(ean) ? ean : "",
      quantity: quantity(text(prod, "qCom"), itemNumber),
    };
  });
  if (items.length === 0) throw badRequest(NFE_MESSAGES.noItems);
  const emit = isNode(infNFe.emit) ? infNFe.emit : {};
  const infProt = isNode(proc) && isNode(proc.protNFe) ? proc.protNFe.infProt : undefined;
  const protocol = text(infProt, "nProt");
  return {
    nfe: { accessKey: key, number, series: text(ide, "serie"), issuedAt, customer, items },
    issuer: { name: text(emit, "xNome"), cnpj: text(emit, "CNPJ") || text(emit, "CPF"), ie: text(emit, "IE"), uf: text(emit.enderEmit, "UF") },
    recipient: {
      document: text(dest, "CNPJ") || text(dest, "CPF") || text(dest, "idEstrangeiro"),
      ie: text(dest, "IE"),
      uf: text(dest.enderDest, "UF"),
    },
    operation: text(ide, "tpNF"),
    nature: text(ide, "natOp"),
    total: text(isNode(infNFe.total) ? infNFe.total.ICMSTot : undefined, "vNF"),
    contingency: !["", "1"].includes(text(ide, "tpEmis")),
    ...(protocol ? { authorization: { protocol, receivedAt: text(infProt, "dhRecbto") } } : {}),
  };
}
