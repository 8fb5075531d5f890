import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { SecretBox } from "../lib/secret-box.js";
import { renderContext } from "../modules/email-templates/email-templates.service.js";
import { configuredSmtpSettings } from "../modules/mail-server/mail-server.service.js";
import { createDeadlineScheduler } from "./deadline-scheduler.js";
import { createEmailOutboxWorker } from "./email-outbox-worker.js";
import { createHourlySweep } from "./hourly-sweep.js";

/** A loop the server runs beside the HTTP app: started once it listens, stopped before the database closes. */
export interface Job {
  name: string;
  start(): void;
  /** No further round; waits for the one running. */
  stop(): Promise<void>;
}

export interface JobsOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Opens the stored SMTP password (the app's SecretBox). */
  secrets: SecretBox;
}

/**
 * The API's long-running jobs, in the order server.ts starts them; it stops them in the reverse order.
 * The outbox worker comes first: the deadline check and the sweep only queue or clear rows, and the
 * e-mails they queue find the worker already running.
 */
export function createJobs({ db, config, log, secrets }: JobsOptions): Job[] {
  return [
    {
      name: "email-outbox-worker",
      ...createEmailOutboxWorker({
        db,
        log: log.child({ module: "email-outbox-worker" }),
        companyName: config.companyName,
        allowPrivateSmtp: config.smtpAllowPrivate,
        loadSmtpSettings: (db) => configuredSmtpSettings(db, secrets),
      }),
    },
    {
      name: "deadline-scheduler",
      ...createDeadlineScheduler({
        db,
        log: log.child({ module: "deadline-scheduler" }),
        context: renderContext(config),
        intervalMs: config.schedulerIntervalSeconds * 1000,
      }),
    },
    { name: "hourly-sweep", ...createHourlySweep({ db, log }) },
  ];
}

/** Starts the jobs in their declared order. */
export function startJobs(jobs: readonly Job[]): void {
  for (const job of jobs) job.start();
}

/** Stops the jobs one after the other, in the reverse of their declared order. */
export async function stopJobs(jobs: readonly Job[]): Promise<void> {
  for (const job of [...jobs].reverse()) await job.stop();
}
