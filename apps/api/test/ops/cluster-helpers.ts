import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { exited, freePort, sleep, startDatabaseServer, tempDir, waitFor, withDatabase } from './harness.ts';

/**
 * What the cluster test needs besides the harness: a real nginx in front of the shops, the
 * machine's PostgreSQL and Redis when CI names them (else a database server of the test's own and no
 * Redis), and a shopper's HTTP client that retries the way the web client does.
 */

// ---------------------------------------------------------------------------------------------------
// nginx

const proxies = new Set<ChildProcess>();

/** The nginx binary (Debian's nginx-light or nginx); a clear sentence when the machine has none. */
export function nginxBinary(): string {
  const candidates = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      'nginx is not installed: the cluster test runs the shops behind a real nginx; install the Debian package nginx-light (bash .ci/run does).',
    );
  }
  return found;
}

export interface ReverseProxy {
  pid: number;
  port: number;
  url: string;
  /** Its access log: one line per answer, `status upstream-address(es) method uri`. */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground with a generated config in a temp folder (pid, logs and temp files there),
 * load-balancing over the shops on `upstreamPorts` with the usual proxy headers. A connection refused
 * by a dead shop is passed to the next one; a request already sent to a shop that dies is not (POSTs are
 * not idempotent to nginx): the client gets 502 and retries with its Idempotency-Key, as a browser would.
 */
export async function startNginx(upstreamPorts: number[]): Promise<ReverseProxy> {
  const bin = nginxBinary();
  const dir = tempDir('nginx');
  const port = await freePort();
  const at = (name: string) => path.join(dir, name);
  const config = `
daemon off;
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 512; }
http {
  log_format upstream '$status $upstream_addr $request_method $request_uri';
  access_log ${at('access.log')} upstream;
  client_body_temp_path ${at('body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  upstream shop {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  fs.writeFileSync(at('nginx.conf'), config);
  let out = '';
  const child = spawn(bin, ['-p', dir, '-e', at('error.log'), '-c', at('nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proxies.add(child);
  child.once('exit', () => proxies.delete(child));
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => (fs.existsSync(at('error.log')) ? fs.readFileSync(at('error.log'), 'utf8') : '');
  try {
    await waitFor(
      `nginx on port ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode})`);
        return (await fetch(`${url}/api/health`)).status > 0;
      },
      { timeoutMs: 30_000 },
    );
  } catch (err) {
    child.kill('SIGTERM');
    throw new Error(`${(err as Error).message}\n${out}\n${errorLog()}`);
  }
  return {
    pid: child.pid ?? 0,
    port,
    url,
    accessLog: () => (fs.existsSync(at('access.log')) ? fs.readFileSync(at('access.log'), 'utf8') : ''),
    async stop() {
      // SIGTERM: the master ends its workers itself (a SIGKILLed master would orphan them).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Ends every nginx started here (by PID, through its master). Call before the harness's stopEverything. */
export async function stopProxies(): Promise<void> {
  await Promise.all(
    [...proxies].map(async (child) => {
      child.kill('SIGTERM');
      await exited(child);
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL and Redis: the machine's when CI names them, else the test's own

export interface ClusterDatabase {
  url: string;
  /** Where it lives, for the test's log. */
  where: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database: on the machine's PostgreSQL when CLUSTER_DATABASE_URL is set (.ci/run sets it
 * when PostgreSQL answers; a database of a unique name, dropped after), else on a PostgreSQL server the
 * test starts itself. The default run needs no service.
 */
export async function clusterDatabase(): Promise<ClusterDatabase> {
  const machine = process.env.CLUSTER_DATABASE_URL;
  if (!machine) {
    const server = await startDatabaseServer();
    return { url: await server.createDatabase(), where: 'a PostgreSQL server of the test', drop: () => server.stop() };
  }
  const name = `shop_cluster_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: withDatabase(machine, 'postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    url: withDatabase(machine, name),
    where: `the machine's PostgreSQL (${name})`,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

export interface ClusterRedis {
  url: string;
  /** REDIS_PREFIX of the shops: every key and channel of this run starts with it. */
  prefix: string;
  /** Deletes every key under the prefix. */
  cleanup(): Promise<void>;
}

/** The machine's Redis when CLUSTER_REDIS_URL is set (.ci/run sets it when `redis-cli ping` answers). */
export function clusterRedis(): ClusterRedis | undefined {
  const url = process.env.CLUSTER_REDIS_URL;
  if (!url) return undefined;
  const prefix = `shop-cluster-test:${process.pid}:${Date.now().toString(36)}:`;
  return {
    url,
    prefix,
    async cleanup() {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// A shopper's HTTP client

export interface Answer {
  status: number;
  body: unknown;
  /** The shop that answered (nginx's X-Upstream), when one did. */
  upstream: string | null;
  /** Every attempt's outcome: a status, or `network` when no answer came. */
  attempts: (number | 'network')[];
}

/** A 409 that means "a request with this key is still running, try later" (ADR 004), not a business conflict. */
function stillRunning(status: number, body: unknown): boolean {
  const details = (body as { details?: { lines?: unknown } } | null)?.details;
  return status === 409 && details?.lines === undefined;
}

/**
 * Sends one request until it gets a final answer, as the web client does (apps/web/app/lib/http.ts,
 * ADR 004): no answer or a 5xx is sent again, the SAME request with the same Idempotency-Key; so is a 409
 * "still being processed" (ADR 004: retry later, then get the stored answer). Other answers are final.
 * More attempts than the browser's three, so that a shop's restart is ridden out: `deadlineMs` is a fault
 * bound, after which the last answer is returned as it is.
 */
export async function sendUntilAnswered(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown },
  { deadlineMs = 90_000, attemptTimeoutMs = 20_000 } = {},
): Promise<Answer> {
  const deadline = Date.now() + deadlineMs;
  const attempts: Answer['attempts'] = [];
  for (let attempt = 1; ; attempt++) {
    let last: Answer | undefined;
    try {
      const res = await fetch(url, {
        method: init.method,
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      attempts.push(res.status);
      last = { status: res.status, body, upstream: res.headers.get('x-upstream'), attempts };
      if (res.status < 500 && !stillRunning(res.status, body)) return last;
    } catch {
      attempts.push('network');
    }
    if (Date.now() > deadline) return last ?? { status: 0, body: null, upstream: null, attempts };
    await sleep(Math.min(attempt * 250, 2_000));
  }
}
