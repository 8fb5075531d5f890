import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds the embedded database, the token signing key and the encryption key: its owner's alone.
 * It is created 0700; one that group or others can write is refused (someone else could have swapped
 * its files already); one they can only read or enter (a 0755 left by an older version or by mkdir)
 * is tightened to 0700, and so are the files in it, and the start-up log says so.
 */

export class UnsafeDataDirError extends Error {
  constructor(dataDir: string, mode: number) {
    super(
      `DATA_DIR ${dataDir} pode ser alterado por outros usuários (permissões ${octal(mode)}). ` +
        `O Passo não inicia assim: deixe-o só para o dono do processo (chmod 700 ${dataDir}) ou aponte DATA_DIR para outro diretório.`,
    );
    this.name = "UnsafeDataDirError";
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** Permission bits for anyone but the owner. */
const GROUP_OTHERS = 0o077;
const GROUP_OTHERS_WRITE = 0o022;

export interface DataDirReport {
  created: boolean;
  /** The mode DATA_DIR had before it was tightened to 0700, when it was. */
  tightenedFrom?: string;
  /** Files and directories inside it whose group/others bits were removed. */
  entriesTightened: number;
}

/** Removes group/others bits from everything under `dir` (symbolic links are left alone); returns how many changed. */
function tightenTree(dir: string): number {
  let changed = 0;
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & GROUP_OTHERS) !== 0) {
      chmodSync(entry, stat.mode & 0o700);
      changed++;
    }
    if (stat.isDirectory()) changed += tightenTree(entry);
  }
  return changed;
}

/**
 * Makes DATA_DIR private before anything is written to it: creates it 0700, refuses one that group or
 * others can write (UnsafeDataDirError), tightens one they can read, and the files in it, to the owner.
 */
export function ensurePrivateDataDir(dataDir: string): DataDirReport {
  let created = false;
  let stat = statSync(dataDir, { throwIfNoEntry: false });
  if (!stat) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // mkdir's mode passes through the umask; 0700 is what it should be whatever the umask.
    chmodSync(dataDir, 0o700);
    created = true;
    stat = statSync(dataDir);
  }
  if (!stat.isDirectory()) throw new Error(`DATA_DIR ${dataDir} não é um diretório.`);
  if ((stat.mode & GROUP_OTHERS_WRITE) !== 0) throw new UnsafeDataDirError(dataDir, stat.mode);
  const report: DataDirReport = { created, entriesTightened: 0 };
  if ((stat.mode & GROUP_OTHERS) !== 0) {
    chmodSync(dataDir, 0o700);
    report.tightenedFrom = octal(stat.mode);
  }
  report.entriesTightened = tightenTree(dataDir);
  return report;
}

/** What the start-up log says about a tightened DATA_DIR, or undefined when there was nothing to say. */
export function describeDataDirReport(dataDir: string, report: DataDirReport): string | undefined {
  if (!report.tightenedFrom && report.entriesTightened === 0) return undefined;
  const parts = [];
  if (report.tightenedFrom) parts.push(`DATA_DIR ${dataDir} tinha permissões ${report.tightenedFrom}: agora 0700`);
  if (report.entriesTightened > 0) parts.push(`${report.entriesTightened} arquivo(s) nele agora só para o dono`);
  return `${parts.join("; ")}.`;
}
