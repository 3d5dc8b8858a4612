/**
 * SQLSTATE classes that say nothing about the event being applied: the connection (08), a conflict with another
 * transaction (40), resources (53), the server going down or a statement cancelled (57), the system (58), and a
 * schema that is not there yet (42: a migration behind the code). Retrying these is right; quarantining every
 * event that meets them would empty a read model. Anything else an event's apply throws is the event's own.
 */
const transientSqlStateClasses = new Set(['08', '40', '42', '53', '57', '58']);

/** node-postgres and pg-pool report a lost or unobtainable connection with these messages and no code. */
const connectionTrouble = /connection|connect ECONN|terminat|timeout/i;

/**
 * Whether a failure while applying events should be retried (the store or database was unavailable) rather
 * than the event quarantined (F5): a transient failure is the infrastructure's, the rest belongs to the event.
 */
export function isTransientFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // A schema's complaint is about the event, whatever words its message happens to contain.
  if ((error as { name?: unknown }).name === 'ZodError') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // A Node system error (ECONNRESET, ETIMEDOUT, EPIPE …); no SQLSTATE class starts with E.
    if (/^E[A-Z]+$/.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return transientSqlStateClasses.has(code.slice(0, 2));
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && connectionTrouble.test(message);
}
