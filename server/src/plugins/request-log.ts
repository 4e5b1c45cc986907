/**
 * The request log (issue 16): one line per request, when it completes, instead of Fastify's two; errors as before.
 * Logging was the largest single cost of a cheap read (~15–20 µs of CPU of /api/health's ~70 over HTTP), so:
 * - the `request completed` line is written as one precomputed JSON text straight to the logger's stream, byte for
 *   byte what pino wrote for it (request-log.unit.test.ts compares them), instead of pino's generic serialization;
 * - a request's child logger (Fastify makes one per request, bound to its request id) is made only when something
 *   logs through it (an error, a warning): most requests never do;
 * - `/api/health` answers that succeed are logged at most once a second (load balancers and probes ask it many times
 *   a second); every other request, and every health answer of 400 or more, gets its line.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import { type Bindings, type ChildLoggerOptions, type LevelWithSilentOrString, pino } from 'pino';
import { redactUrl } from './security.js';

/** The route whose successful answers are logged at most once per this many milliseconds. */
const SAMPLED_ROUTE = '/api/health';
const SAMPLE_EVERY_MS = 1000;

export class OneLinePerRequest extends LogController {
  #lastSampled = 0;
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (reply.statusCode < 400 && request.routeOptions.url === SAMPLED_ROUTE) {
      const now = Date.now();
      if (now - this.#lastSampled < SAMPLE_EVERY_MS) return;
      this.#lastSampled = now;
    }
    writeCompletedLine(request.server.log, request, reply);
  }
}

type Stream = { write(line: string): unknown };
type Leveled = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Root = Leveled & { [pino.symbols.streamSym]?: Stream; [pino.symbols.chindingsSym]?: string };

/**
 * `{"level":30,"time":…,<the root logger's bindings>,"reqId":…,"req":{method, redacted url, remoteAddress},
 * "res":{"statusCode":…},"responseTime":…,"msg":"request completed"}` on the root logger's stream, as pino writes it
 * with the app's serializers (no redaction is needed: every field is fixed here and the URL is redacted).
 */
export function writeCompletedLine(root: FastifyBaseLogger, request: FastifyRequest, reply: FastifyReply): void {
  const logger = root as Root;
  const stream = logger[pino.symbols.streamSym];
  if (!stream || !logger.isLevelEnabled('info')) return;
  const address = request.ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(request.ip)}`;
  stream.write(
    `{"level":30,"time":${Date.now()}${logger[pino.symbols.chindingsSym] ?? ''},"reqId":${JSON.stringify(request.id)}` +
      `,"req":{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))}${address}}` +
      `,"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
  );
}

/** Fastify's `childLoggerFactory`: the request's child logger, made when first used. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;
}

type LogFn = (...args: unknown[]) => void;

class LazyChild {
  #made: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }
  get #logger(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }
  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: LevelWithSilentOrString) {
    this.#logger.level = level;
  }
  fatal(...args: unknown[]) {
    (this.#logger.fatal as LogFn)(...args);
  }
  error(...args: unknown[]) {
    (this.#logger.error as LogFn)(...args);
  }
  warn(...args: unknown[]) {
    (this.#logger.warn as LogFn)(...args);
  }
  info(...args: unknown[]) {
    (this.#logger.info as LogFn)(...args);
  }
  debug(...args: unknown[]) {
    (this.#logger.debug as LogFn)(...args);
  }
  trace(...args: unknown[]) {
    (this.#logger.trace as LogFn)(...args);
  }
  silent(...args: unknown[]) {
    (this.#logger.silent as LogFn)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#logger.child(bindings, options);
  }
  bindings() {
    return (this.#logger as unknown as pino.Logger).bindings();
  }
  isLevelEnabled(level: string) {
    const logger = this.#made || this.#options.level ? this.#logger : this.#parent;
    return (logger as Leveled).isLevelEnabled(level);
  }
}
