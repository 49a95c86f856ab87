import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import { serializeError } from './serialize-error';

export type { Logger };
export { serializeError, type SerializedError } from './serialize-error';

/**
 * Paths that must never reach a log line: credentials, session material and anything a card
 * form could carry. Censored rather than removed so a reader can see the field was present.
 */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'token',
  'resetToken',
  'paymentMethodToken',
  'cardNumber',
  'card_number',
  'cvv',
  'security_code',
  'expiryDate',
  'routingNumber',
  'accountNumber',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.cardNumber',
  '*.card_number',
  '*.cvv',
  '*.security_code',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * `destination` lets tests read what was logged; by default lines go to stdout, asynchronously
 * unless `sync` (a process that passes on other processes' output writes its own lines in order with it).
 */
export function createLogger(
  options: { level?: LoggerOptions['level']; name?: string; destination?: DestinationStream; sync?: boolean } = {},
): Logger {
  const settings: LoggerOptions = {
    level: options.level ?? 'info',
    ...(options.name ? { name: options.name } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Errors are logged by message, code and stack, never with the values or objects they carry.
    serializers: { err: serializeError, error: serializeError },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  const destination = options.destination ?? (options.sync ? pino.destination({ dest: 1, sync: true }) : undefined);
  return destination ? pino(settings, destination) : pino(settings);
}
