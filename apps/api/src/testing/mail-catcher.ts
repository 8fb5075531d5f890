import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { createMailTransport, type TransportFactory } from "../jobs/email-outbox-worker.js";
import type { SmtpSettings } from "../modules/mail-server/mail-server.service.js";

export interface CaughtMail {
  /** The envelope's recipients: who the mail server was asked to deliver to. */
  recipients: string[];
  from: string;
  fromName: string;
  subject: string;
  html: string;
  /** The SMTP user that signed in. */
  user: string | undefined;
  /** The attachments, an inline image with the `cid` its body names it by. */
  attachments: { cid: string | undefined; contentType: string; content: Buffer }[];
}

export interface MailCatcher {
  readonly port: number;
  readonly mails: CaughtMail[];
  /** Connections are refused until `start()` again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Points the worker's transports at this server, whatever host the settings name (no DNS in tests). */
  transportFactory: TransportFactory;
}

/** A real SMTP server on a loopback port that keeps what it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  async function start() {
    const next = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        simpleParser(stream, { keepCidLinks: true })
          .then((parsed) => {
            const from = parsed.from?.value[0];
            mails.push({
              recipients: session.envelope.rcptTo.map((r) => r.address),
              from: from?.address ?? "",
              fromName: from?.name ?? "",
              subject: parsed.subject ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              user: typeof session.user === "string" ? session.user : undefined,
              attachments: parsed.attachments.map((a) => ({ cid: a.cid, contentType: a.contentType, content: a.content })),
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
    });
    const address = next.server.address();
    if (address && typeof address === "object") port = address.port;
    server = next;
  }

  async function stop() {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();
  return {
    get port() {
      return port;
    },
    mails,
    start,
    stop,
    transportFactory: (service: SmtpSettings) => createMailTransport({ ...service, host: "127.0.0.1", port: String(port), secure: false }, { allowPrivate: true }),
  };
}
