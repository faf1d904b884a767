import type { FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestId } from './request-context.ts';

/** Where mailed links carry their token: /auth/reset-password/{token}, ?token=… */
const TOKEN_IN_PATH = /(\/reset-password\/)[^/?#\s]+/g;
const TOKEN_IN_QUERY = /([?&]token=)[^&#\s]*/g;

/** The text with the tokens of mailed links in any URL it holds replaced. */
export function hideUrlTokens(text: string): string {
  return text.replace(TOKEN_IN_PATH, '$1[hidden]').replace(TOKEN_IN_QUERY, '$1[hidden]');
}

/** Fastify's "incoming request" fields, the URL without tokens. */
function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: hideUrlTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function boundRequestId(logger: Logger): boolean {
  const bindings = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym];
  return bindings?.includes('"reqId":') === true;
}

/**
 * The server's logger. Whoever reads the log must not get a working reset or confirmation link from
 * it: request URLs and message texts (Fastify's "Route … not found") are logged
 * with the tokens of mailed links hidden.
 *
 * JSON lines for machines, readable lines when stdout is a terminal.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  readable = destination === undefined && process.stdout.isTTY === true,
): Logger {
  const options = {
    level,
    serializers: { req: requestLogFields },
    // A line written while a request is handled carries its id, whichever logger wrote it;
    // the request's own logger (Fastify's child) has it bound already.
    mixin(_merge: object, _level: number, logger: Logger) {
      const id = currentRequestId();
      if (id === undefined || boundRequestId(logger)) return {};
      return { reqId: id };
    },
    hooks: {
      logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? hideUrlTokens(arg) : arg)),
        );
      },
    },
  };
  if (readable) {
    const stream = pretty({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      // A request's line (plugins/request-log.ts) says all in its message: one line on the screen.
      ignore: 'pid,hostname,reqId,method,url,status,ms',
      destination: destination ?? 1,
      sync: true,
    });
    return pino(options, stream);
  }
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Logs a promise rejection nobody handled, and lets the process serve on (ADR 037). Node's default ends
 * the process for it: every request in flight would be cut, and the embedded database left to the next
 * start's recovery, for one request's stray error.
 */
export function logStrayRejections(log: Pick<Logger, 'error'>, proc: NodeJS.EventEmitter = process): void {
  proc.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
}
