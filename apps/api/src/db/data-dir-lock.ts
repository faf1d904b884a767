import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/**
 * One shop process per DATA_DIR. A second `npm start` on a DATA_DIR in use took the
 * running shop's database for an orphan of a killed process and stopped it. Now the process that runs
 * the embedded database holds `DATA_DIR/shop.lock`, naming it (pid, start time, host); another start
 * finds it alive and stops with a message, touching nothing. A lock whose process is gone (SIGKILL) is
 * stale and taken over, and the orphan recovery of embedded.ts runs as before.
 *
 * The file is created whole or not at all (written aside, then hard-linked into place: a link fails if
 * the name exists), so two starts at once cannot both take it. A stale lock is moved aside and checked
 * to be the very file judged stale (its inode) before a new one is made.
 */
export const LOCK_FILE = 'shop.lock';

interface Owner {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22): tells a reused PID apart. */
  started: string;
  host: string;
}

export class DataDirInUseError extends ConfigError {}

/** Takes DATA_DIR for this process; returns the release (also run at exit). Throws DataDirInUseError. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Owner = { pid: process.pid, started: startTime(process.pid) ?? '', host: os.hostname() };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, me)) return releaser(file, me);
    let stat: fs.Stats;
    let owner: Owner | undefined;
    try {
      stat = fs.statSync(file);
      owner = parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile: try again
      throw err;
    }
    if (owner && sameOwner(owner, me)) return releaser(file, me);
    if (owner && owner.host !== me.host) {
      throw new DataDirInUseError(
        `${dataDir} is in use by a shop process (pid ${owner.pid}) on host ${owner.host}. Stop it first, or start this shop with another DATA_DIR. If that shop is gone for good, delete ${file}.`,
      );
    }
    if (owner && running(owner)) {
      throw new DataDirInUseError(
        `${dataDir} is in use by a running shop (pid ${owner.pid}): its database was left untouched. Stop that shop first, or start this one with another DATA_DIR (or DATABASE_URL).`,
      );
    }
    takeOverStale(file, stat);
  }
  throw new DataDirInUseError(`${dataDir}: could not take ${LOCK_FILE}, other starts keep taking it. Try again.`);
}

/** Creates the lock file with its whole content, or returns false if the name exists. */
function create(file: string, me: Owner): boolean {
  const scratch = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(scratch, `${JSON.stringify(me)}\n`, { mode: 0o644 });
  try {
    fs.linkSync(scratch, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(scratch, { force: true });
  }
}

/** Moves a stale lock aside; if what moved is not the file judged stale (someone took over first), puts it back. */
function takeOverStale(file: string, judged: fs.Stats) {
  const aside = `${file}.stale.${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    if (fs.statSync(aside).ino !== judged.ino) fs.linkSync(aside, file);
  } catch {
    // The name was taken again meanwhile: that holder keeps it.
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

function releaser(file: string, me: Owner): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      const owner = parse(fs.readFileSync(file, 'utf8'));
      if (owner && sameOwner(owner, me)) fs.rmSync(file, { force: true });
    } catch {}
  };
  process.on('exit', release);
  return release;
}

function parse(text: string): Owner | undefined {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value.pid === 'number' && typeof value.started === 'string' && typeof value.host === 'string') {
      return value as Owner;
    }
  } catch {}
  return undefined;
}

function sameOwner(a: Owner, b: Owner): boolean {
  return a.pid === b.pid && a.started === b.started && a.host === b.host;
}

/** Whether the lock's process still runs: its PID is alive and started when the lock says (not a reused PID). */
function running(owner: Owner): boolean {
  const started = startTime(owner.pid);
  if (started !== undefined) return owner.started === '' || started === owner.started;
  try {
    process.kill(owner.pid, 0);
    return !fs.existsSync('/proc/self/stat'); // no /proc entry where /proc exists: gone
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat (start time since boot), after the command name, which may hold spaces. */
function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
