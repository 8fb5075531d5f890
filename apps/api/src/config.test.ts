import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const env = (extra: Record<string, string>) => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "passo-config-")), ...extra });

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    expect(loadConfig(env({})).trustProxy).toEqual([]);
  });

  it("reads a comma list of addresses, CIDR blocks and named ranges", () => {
    expect(loadConfig(env({ TRUST_PROXY: " 10.0.0.5, 192.168.0.0/16,fd00::/8 , loopback" })).trustProxy).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("stops start-up on anything else, naming the variable", () => {
    for (const value of ["true", "proxy.local", "10.0.0.0/33", "10.0.0.1/8/1", "*"]) {
      expect(() => loadConfig(env({ TRUST_PROXY: value })), value).toThrow(/TRUST_PROXY/);
    }
  });
});
