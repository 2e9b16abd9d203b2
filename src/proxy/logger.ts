// Logs are JSON lines (issue 4). Entries are built from known fields only: no header, cookie,
// body or query string is ever copied into one, so no secret or token can reach a log line.
export type LogEntry = { level: 'info' | 'warn' | 'error'; event: string } & Record<
  string,
  string | number | boolean | undefined
>;
export type Logger = (entry: LogEntry) => void;

export function jsonLinesLogger(
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  return (entry) => write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
}

export const silentLogger: Logger = () => {};
