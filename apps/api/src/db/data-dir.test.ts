import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { openDatabase } from "./client.js";
import { UnsafeDataDirError } from "./data-dir.js";

const root = mkdtempSync(path.join(tmpdir(), "passo-data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

/** Every file and directory under `dir`, with its permission bits. */
function modes(dir: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isSymbolicLink()) found[path.relative(dir, file)] = mode(file);
  }
  return found;
}

const groupOrOthers = (found: Record<string, number>) => Object.entries(found).filter(([, bits]) => (bits & 0o077) !== 0);

describe("DATA_DIR on start-up", () => {
  it("is created 0700, with the generated keys readable by the owner only", () => {
    const dataDir = path.join(root, "novo", "data");
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "jwt-secret"))).toBe(0o600);
    expect(mode(path.join(dataDir, "encryption-key"))).toBe(0o600);
    expect(config.dataDirNotice).toBeUndefined();
  });

  it("refuses, with a clear message, a DATA_DIR that group or others can write", () => {
    for (const bits of [0o777, 0o775, 0o757, 0o722]) {
      const dataDir = path.join(root, `aberto-${bits.toString(8)}`);
      mkdirSync(dataDir);
      chmodSync(dataDir, bits);
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(UnsafeDataDirError);
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(`DATA_DIR ${dataDir} pode ser alterado por outros usuários (permissões 0${bits.toString(8)})`);
      // Nothing was written into it.
      expect(readdirSync(dataDir)).toEqual([]);
    }
  });

  it("tightens a DATA_DIR others can only read (0755) and the files in it to the owner, and says so", () => {
    const dataDir = path.join(root, "antigo");
    mkdirSync(path.join(dataDir, "pglite", "base"), { recursive: true });
    writeFileSync(path.join(dataDir, "jwt-secret"), "x".repeat(48));
    writeFileSync(path.join(dataDir, "pglite", "base", "1259"), "dados");
    chmodSync(path.join(dataDir, "jwt-secret"), 0o644);
    chmodSync(path.join(dataDir, "pglite", "base", "1259"), 0o666);
    chmodSync(path.join(dataDir, "pglite"), 0o755);
    chmodSync(dataDir, 0o755);
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(groupOrOthers(modes(dataDir))).toEqual([]);
    expect(modes(dataDir)).toMatchObject({ "jwt-secret": 0o600, pglite: 0o700, "pglite/base/1259": 0o600 });
    expect(config.dataDirNotice).toBe(`DATA_DIR ${dataDir} tinha permissões 0755: agora 0700; 4 arquivo(s) nele agora só para o dono.`);
  });

  it("opens the embedded database in a private DATA_DIR, and makes one left open by an older version private", async () => {
    const dataDir = path.join(root, "embutido");
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(mode(dataDir)).toBe(0o700);
    // What an older version left: the directory 0755, the database's files 0666.
    chmodSync(dataDir, 0o755);
    for (const [file, bits] of Object.entries(modes(dataDir))) chmodSync(path.join(dataDir, file), bits & 0o100 || statSync(path.join(dataDir, file)).isDirectory() ? 0o777 & ~0o022 : 0o666);
    expect(groupOrOthers(modes(dataDir)).length).toBeGreaterThan(10);
    const reopened = await openDatabase({ dataDir });
    const whileOpen = groupOrOthers(modes(dataDir));
    await reopened.close();
    expect(mode(dataDir)).toBe(0o700);
    expect(whileOpen).toEqual([]);
    // Three starts of the engine: a new DATA_DIR's files are made by a process of their own (db/client.ts), then two opens.
  }, 90_000);

  it("refuses to open the embedded database in a DATA_DIR others can write", async () => {
    const dataDir = path.join(root, "embutido-aberto");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    await expect(openDatabase({ dataDir })).rejects.toThrow(UnsafeDataDirError);
  });
});
