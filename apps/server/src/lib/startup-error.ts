/**
 * Start-up cannot go on for a reason the operator can fix (a bad setting, a data folder in use,
 * a database that cannot be opened): the message says what and how, and is printed as it is,
 * without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
