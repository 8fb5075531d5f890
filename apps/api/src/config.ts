import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { describeDataDirReport, ensurePrivateDataDir } from "./db/data-dir.js";

/** Names Fastify's trustProxy (proxy-addr) gives to address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One TRUST_PROXY entry: an IP address, a CIDR block (`10.0.0.0/8`, `fd00::/8`) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL deve começar com postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_EMAIL: z.string().email().optional().or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8).optional().or(z.literal("").transform(() => undefined)),
  COMPANY_NAME: z.string().min(1).default("Calçados Exemplo"),
  COMPANY_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "COMPANY_EMAIL_DOMAIN deve ser um domínio, como exemplo.com.br")
    .default("exemplo.com.br"),
  APP_TIMEZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "APP_TIMEZONE deve ser um fuso horário IANA, como America/Sao_Paulo")
    .default("America/Sao_Paulo"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET deve ter ao menos 32 caracteres").optional().or(z.literal("").transform(() => undefined)),
  ENCRYPTION_KEY: z
    .string()
    .min(32, "ENCRYPTION_KEY deve ter ao menos 32 caracteres")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN deve ter ao menos 16 caracteres")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => entries.every(isProxyEntry),
      "TRUST_PROXY deve ser uma lista, separada por vírgulas, de endereços IP ou blocos CIDR dos proxies (ou loopback, linklocal, uniquelocal)",
    ),
  API_KEY_RATE_LIMIT: z.coerce.number({ error: "API_KEY_RATE_LIMIT deve ser um número" }).int().min(1).max(100_000).default(600),
  LIVE_MAX_STREAMS: z.coerce.number({ error: "LIVE_MAX_STREAMS deve ser um número" }).int().min(1).max(100_000).default(500),
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number({ error: "LIVE_MAX_STREAMS_PER_USER deve ser um número" }).int().min(1).max(1_000).default(5),
  SCHEDULER_INTERVAL_SECONDS: z.coerce
    .number({ error: "SCHEDULER_INTERVAL_SECONDS deve ser um número" })
    .int("SCHEDULER_INTERVAL_SECONDS deve ser um número inteiro de segundos")
    .min(1, "SCHEDULER_INTERVAL_SECONDS deve estar entre 1 e 86400")
    .max(86_400, "SCHEDULER_INTERVAL_SECONDS deve estar entre 1 e 86400")
    .default(60),
  DEMO_DATA: z.enum(["0", "1"]).default("0"),
  SMTP_ALLOW_PRIVATE: z.enum(["0", "1"], { error: "SMTP_ALLOW_PRIVATE deve ser 0 ou 1" }).default("0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  companyName: string;
  companyEmailDomain: string;
  timezone: string;
  jwtSecret: string;
  /** Seals the SMTP password at rest (AES-256-GCM). */
  encryptionKey: string;
  /** When set, GET /metrics needs it as a bearer token. */
  metricsToken: string | undefined;
  /**
   * The reverse proxies (IPs, CIDR blocks, proxy-addr's named ranges) whose X-Forwarded-For and
   * X-Forwarded-Proto are believed; empty: none, the client is the socket's peer.
   */
  trustProxy: string[];
  /** Requests a minute each API key may make, per process. */
  apiKeyRateLimit: number;
  /** Live-update streams this process keeps open at most, in all and per user (429 beyond). */
  liveMaxStreams: number;
  liveMaxStreamsPerUser: number;
  /** How often each process runs the deadline check (reminders, escalations, list reminders). */
  schedulerIntervalSeconds: number;
  demoData: boolean;
  /**
   * SMTP_ALLOW_PRIVATE=1: the mail server may be on this machine or the internal network (a local mail
   * catcher in development, tests or a demo). Off by default: such hosts are refused (lib/smtp-target.ts).
   */
  smtpAllowPrivate: boolean;
  logLevel: string;
  /** What start-up found to tighten in DATA_DIR (db/data-dir.ts), for the log; undefined when nothing. */
  dataDirNotice?: string | undefined;
}

/** Reads the environment once; a bad value stops start-up with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // The generated keys go into DATA_DIR: made private (or refused) before they are read or written.
  const dataDirNotice = e.JWT_SECRET && e.ENCRYPTION_KEY ? undefined : describeDataDirReport(dataDir, ensurePrivateDataDir(dataDir));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminEmail: (e.ADMIN_EMAIL ?? `admin@${e.COMPANY_EMAIL_DOMAIN}`).toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    companyName: e.COMPANY_NAME,
    companyEmailDomain: e.COMPANY_EMAIL_DOMAIN.toLowerCase(),
    timezone: e.APP_TIMEZONE,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, "jwt-secret"),
    encryptionKey: e.ENCRYPTION_KEY ?? persistedSecret(dataDir, "encryption-key"),
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    liveMaxStreamsPerUser: e.LIVE_MAX_STREAMS_PER_USER,
    schedulerIntervalSeconds: e.SCHEDULER_INTERVAL_SECONDS,
    demoData: e.DEMO_DATA === "1",
    smtpAllowPrivate: e.SMTP_ALLOW_PRIVATE === "1",
    logLevel: e.LOG_LEVEL,
    dataDirNotice,
  };
}

/**
 * A key generated on first start and kept in DATA_DIR, so that tokens (jwt-secret) and the sealed
 * SMTP password (encryption-key) survive restarts.
 */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: generated below.
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
