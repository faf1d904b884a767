import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, startShop, stopEverything, tempDir, waitFor } from './harness.ts';

/**
 * SIGTERM drains. Requests in flight when the signal arrives — slow pages and slow
 * uploads to the API — finish with their full answers; the listener closes at once, so new connections
 * are refused (a load balancer moves on); a kept-alive connection is told `Connection: close` on its
 * last answer instead of being answered 503 on its next request; the process then exits 0.
 */
afterAll(stopEverything);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function read(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    res.on('error', reject);
  });
}

function get(agent: http.Agent, port: number, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: target, agent }, (res) => read(res).then(resolve, reject))
      .on('error', reject);
  });
}

/**
 * A POST whose body arrives in two halves: the first now, the rest when `finish()` is called — an
 * upload still in flight on the server for as long as the test wants.
 */
function slowPost(agent: http.Agent, port: number, target: string, body: string) {
  const half = Math.floor(body.length / 2);
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: target,
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => read(res).then(resolve, reject));
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

function processGroup(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
}

function incomingRequests(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"incoming request"'))
    .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
}

describe('SIGTERM', () => {
  it('finishes the pages and API requests in flight, refuses new connections and exits 0', async () => {
    // Page loaders wait this long before they read the catalogue (DEMO_LOADER_DELAY_MS): long enough that
    // the pages are surely still rendering when the signal's effect (the listener closing) is observed —
    // a margin of seconds over a step that takes milliseconds.
    const dataDir = tempDir('drain');
    // LOG_LEVEL=debug: each request's arrival is logged (plugins/request-log.ts), which the test waits for.
    const shop = await startShop({ dataDir, env: { DEMO_LOADER_DELAY_MS: '4000', LOG_LEVEL: 'debug' } });
    const products = (await (await shop.api('products?limit=2')).json()) as { items: { id: number }[] };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

    // A kept-alive connection that was used before the signal and is idle when it comes.
    expect((await get(agent, shop.port, '/api/health')).status).toBe(200);

    const pagePaths = ['/?drain=1', '/?drain=2', ...products.items.map((p) => `/products/${p.id}?drain=3`)];
    let answeredBeforeRefusal = 0;
    const pages = pagePaths.map((p) =>
      get(agent, shop.port, p).then((a) => {
        answeredBeforeRefusal += listenerOpen ? 1 : 0;
        return a;
      }),
    );
    let listenerOpen = true;
    const signUps = [1, 2].map((n) =>
      slowPost(
        agent,
        shop.port,
        '/api/auth/register',
        JSON.stringify({
          first_name: 'Drain',
          last_name: 'Tester',
          username: `drain${n}`,
          email: `drain${n}@example.com`,
          password: 'Drain-Tester-Passphrase-42',
        }),
      ),
    );
    // Every request has reached the shop (Fastify logs each as it arrives) before the signal is sent.
    await waitFor('the requests to reach the shop', () => {
      const urls = incomingRequests(shop.output());
      return pagePaths.every((p) => urls.includes(p)) && urls.filter((u) => u === '/api/auth/register').length === 2;
    });

    // Ctrl-C in a terminal signals the whole foreground process group: the embedded PostgreSQL is in a
    // group of its own, so only the server gets the signal and stops the database after the drain.
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(processGroup(postmaster)).not.toBe(processGroup(shop.pid));

    shop.child.kill('SIGTERM');
    await waitFor('the listener to close', () => refused(shop.port));
    listenerOpen = false;
    // The uploads go on after the listener closed: still answered.
    for (const s of signUps) s.finish();

    const pageAnswers = await Promise.all(pages);
    const signUpAnswers = await Promise.all(signUps.map((s) => s.answer));
    expect(answeredBeforeRefusal).toBe(0);
    for (const page of pageAnswers) {
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/<\/html>$/);
      // The connection's last answer says so: the client does not send another request on it.
      expect(page.headers.connection).toBe('close');
      // Pages name their request too (observability).
      expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const signUp of signUpAnswers) {
      expect({ status: signUp.status, body: JSON.parse(signUp.body) }).toEqual({
        status: 201,
        body: { message: expect.any(String) },
      });
      expect(signUp.headers.connection).toBe('close');
    }

    // What a browser does next on its kept-alive connections: no connection is left to take it, so it is
    // refused (a load balancer retries elsewhere), never answered 503 by the stopping process.
    await expect(get(agent, shop.port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await exited(shop.child)).toBe(0);
    expect(shop.output()).toContain('SIGTERM: stopping');
    agent.destroy();
  });
});
