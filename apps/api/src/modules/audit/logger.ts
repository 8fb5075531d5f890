import pino, { type DestinationStream, type Logger } from "pino";
import { maskPersonalText } from "../../records/mask.js";

/** Secrets, customers' personal data and their pickup codes, by field, wherever they sit in a logged object. */
const REDACTED = [
  "req.headers.authorization",
  "req.headers.cookie",
  "*.password",
  "*.newPassword",
  "*.confirmNewPassword",
  "*.pass",
  "*.token",
  "*.passwordHash",
  "*.customerCPF",
  "*.authorizedThirdPartyCPF",
  "*.withdrawalCPF",
  "*.customerPhone",
  "*.customerEmail",
  "*.pickupCode",
  "*.staffPin",
  "*.pin",
  "*.pinHash",
];

/**
 * Invoice links and the live stream carry `?ticket=` (and old clients may still send `?token=`), and
 * list searches a customer's CPF, and a store's staff calls a manager's `?staffPin=`: URLs are logged
 * without any of them.
 */
export function loggableUrl(url: string): string {
  return url.replace(/([?&](?:token|ticket|search|staffPin)=)[^&]*/gi, "$1[oculto]");
}

const serializers = {
  req(req: { method?: string; url?: string; ip?: string }) {
    return { method: req.method, url: loggableUrl(req.url ?? ""), remoteAddress: req.ip };
  },
};

/**
 * Every line on its way out, with whatever still looks like a CPF, a phone or an e-mail masked:
 * an error's message or stack may quote a failed query's values (a customer's CPF, say), or a
 * mail server's refusal the customer's address.
 */
export function maskingStream(destination: DestinationStream): DestinationStream {
  return { write: (line: string) => destination.write(maskPersonalText(line)) };
}

/** The server's logger: JSON lines on stdout (or `destination`), secrets redacted, personal data masked. */
export function createLogger(level: string, destination: DestinationStream = pino.destination(1)): Logger {
  return pino({ level, redact: { paths: REDACTED, censor: "[oculto]" }, serializers }, maskingStream(destination));
}
