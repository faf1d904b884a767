import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

/** DATA_DIR/shop.lock names the one process that runs the shop's database there. */
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  dirs.push(dir);
  return dir;
}

function startTimeOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] as string;
}

/** A live process other than this one. */
function otherProcess(): number {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  return child.pid as number;
}

/** The PID of a process that has exited. */
function deadPid(): number {
  return Number(spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim());
}

function writeLock(dir: string, owner: { pid: number; started: string; host?: string }) {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ host: os.hostname(), ...owner }));
}

const readLock = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));

describe('lockDataDir', () => {
  it('takes a free DATA_DIR, names this process, and gives it back on release', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(readLock(dir)).toEqual({ pid: process.pid, started: startTimeOf(process.pid), host: os.hostname() });
    // The same process may start its database again (a restart at the same place).
    lockDataDir(dir);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a DATA_DIR held by a running process, naming it, and leaves its lock alone', () => {
    const dir = dataDir();
    const pid = otherProcess();
    writeLock(dir, { pid, started: startTimeOf(pid) });
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`${dir} is in use by a running shop (pid ${pid})`);
    expect(readLock(dir).pid).toBe(pid);
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = dataDir();
    writeLock(dir, { pid: deadPid(), started: '1' });
    lockDataDir(dir)();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock whose PID now belongs to another process (started at another time)', () => {
    const dir = dataDir();
    const pid = otherProcess();
    writeLock(dir, { pid, started: String(Number(startTimeOf(pid)) - 1) });
    const release = lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock file that is not one of ours (unreadable content)', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'garbage');
    const release = lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    release();
  });

  it('refuses a lock taken on another host, where liveness cannot be checked, and says what to do', () => {
    const dir = dataDir();
    writeLock(dir, { pid: 1, started: '1', host: 'elsewhere.example' });
    expect(() => lockDataDir(dir)).toThrow(/on host elsewhere\.example.*delete .*shop\.lock/);
  });
});
