import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { createSecretBox } from "../lib/secret-box.js";
import { testConfig } from "../testing/test-app.js";
import { createJobs, startJobs, stopJobs, type Job } from "./index.js";

function recordingJobs(names: string[], log: string[]): Job[] {
  return names.map((name) => ({
    name,
    start: () => void log.push(`start ${name}`),
    stop: async () => {
      // Each stop waits a turn: the next must not begin before this one has finished.
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`stopped ${name}`);
    },
  }));
}

describe("the jobs", () => {
  it("are declared in the order the server starts them: the outbox worker first, then what queues or clears rows", () => {
    const config = testConfig();
    const jobs = createJobs({ db: {} as Db, config, log: pino({ level: "silent" }), secrets: createSecretBox(config.encryptionKey) });
    expect(jobs.map((job) => job.name)).toEqual(["email-outbox-worker", "deadline-scheduler", "hourly-sweep"]);
  });

  it("start in their declared order and stop one after the other in the reverse order", async () => {
    const log: string[] = [];
    const jobs = recordingJobs(["email-outbox-worker", "deadline-scheduler", "hourly-sweep"], log);
    startJobs(jobs);
    await stopJobs(jobs);
    expect(log).toEqual([
      "start email-outbox-worker",
      "start deadline-scheduler",
      "start hourly-sweep",
      "stopped hourly-sweep",
      "stopped deadline-scheduler",
      "stopped email-outbox-worker",
    ]);
  });
});
