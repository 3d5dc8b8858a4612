/**
 * Whether an error a handler threw means a dependency (PostgreSQL, NATS) is unreachable or restarting rather
 * than a bug: the reply is then a 503 "try again" instead of a 500 (issue 14: while the supervisor restarts a
 * dependency the API keeps serving what it can and says so for the rest). The causes are walked: drivers and
 * our own code wrap the connection error.
 */
export function isUnavailableDependency(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth++) {
    if (isConnectionTrouble(cause)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect now) and
 * 53300 (too many connections).
 */
const unavailableSqlState = /^(08...|57P0[1-3]|53300)$/;
/** Node's socket errors. */
const socketErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTCONN']);
/** node-postgres and pg-pool report a lost or unobtainable connection with these messages and no code. */
const pgConnectionMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i;
/** @nats-io/nats-core's error classes for a connection that is down, reconnecting or not answering. */
const natsUnavailableNames = new Set([
  'ConnectionError',
  'ClosedConnectionError',
  'DrainingConnectionError',
  'NoRespondersError',
  'TimeoutError',
]);

function isConnectionTrouble(error: object): boolean {
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (unavailableSqlState.test(code) || socketErrorCodes.has(code))) return true;
  if (typeof name === 'string' && natsUnavailableNames.has(name)) return true;
  return typeof message === 'string' && pgConnectionMessages.test(message);
}
