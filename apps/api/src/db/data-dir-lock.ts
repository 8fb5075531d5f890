import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `O diretório de dados ${dataDir} já está em uso pelo processo ${pid}. ` +
        "O banco embutido (PGlite) não pode ser aberto por dois processos: pare o outro processo, " +
        "use outro DATA_DIR ou configure DATABASE_URL para um PostgreSQL compartilhado.",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite corrupts a directory that two processes open, so DATA_DIR holds a lock file
 * with the owner's pid. A lock left by a dead process (kill -9) is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "passo.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      unlinkSync(file);
    }
  }
  throw new Error(`Não foi possível obter o bloqueio de ${file}.`);
}

/** The live process holding DATA_DIR's lock, if one does (a lock left by a dead process does not count). */
export function lockOwner(dataDir: string): number | undefined {
  try {
    const owner = Number.parseInt(readFileSync(path.join(dataDir, "passo.lock"), "utf8").trim(), 10);
    return Number.isInteger(owner) && owner !== process.pid && isAlive(owner) ? owner : undefined;
  } catch {
    return undefined;
  }
}
