import type { FastifyInstance } from 'fastify';

/**
 * Graceful drain. `app.close()` closes the listener at once — new connections are
 * refused, so a load balancer moves on — while the requests in flight run to their end. Fastify is built
 * with `return503OnClosing: false`, so a request that still arrives on an open connection is served, not
 * refused with a 503; here every answer given while closing carries `Connection: close`, so no client
 * sends another request on that connection, and a connection whose last answer had already started
 * before the close (a page still streaming) is closed as soon as it goes idle instead of holding the
 * shutdown for the keep-alive timeout.
 */
export function registerDrain(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // HTTP/2 has no Connection header; its sessions are closed by Fastify itself.
    if (draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // After Node has detached the finished answer from its socket, that socket counts as idle.
    if (draining) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
