// Why the database stops the proxy's start (docs/decisions/0018): the variable to fix, and what is
// wrong with it. start/resources.ts prints it and exits 2, like a bad configuration.
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
  readonly variable: 'DATABASE_URL' | 'DATA_DIR' | 'DATA_ENCRYPTION_KEY_FILE';
  constructor(variable: 'DATABASE_URL' | 'DATA_DIR' | 'DATA_ENCRYPTION_KEY_FILE', detail: string) {
    super(`${variable}: ${detail}`);
    this.variable = variable;
  }
}
