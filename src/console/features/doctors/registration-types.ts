// The vocabulary of a registration run (D4): a row's state, what a batch is given, and the counts
// the screen shows. The machinery that moves rows through these states is registration-run.ts.

export type RowFailure =
  /** Not sent: the row breaks a rule of 2.2 or repeats another row's doctor id. It needs fixing. */
  | { kind: 'invalid' }
  /**
   * Sent and refused (a 400 with its D2 field errors, a 403…): the same row would be refused again.
   * It needs fixing; `sent` is the request as sent, so that a changed row may go again.
   */
  | { kind: 'refused'; error: unknown; sent: string }
  /** Sent, and no answer came or the service was in passing trouble: sent again, it may pass (D4). */
  | { kind: 'failed'; error: unknown };

export type RowStatus =
  | { state: 'waiting' }
  | { state: 'sending' }
  | { state: 'registered'; serviceId: string }
  | ({ state: 'failed' } & RowFailure);

/** What a batch is given for each row: the request to send, or why there is none. */
export type Prepared<Request> = { ok: true; request: Request } | { ok: false };

export interface BatchItem<Request> {
  key: string;
  prepare: () => Prepared<Request>;
}

export interface Progress {
  registered: number;
  /** Sent and failed in passing: a retry may pass. */
  failed: number;
  /** Not sent for a broken rule, or refused: fixed, they may go. */
  toFix: number;
  /** Of those, the ones the service refused. */
  refused: number;
  /** Waiting or in flight. */
  left: number;
  inFlight: number;
  /** Rows sent so far (since the last `clear`). */
  total: number;
  /** Of those, the ones a cancel left unsent. */
  notSent: number;
  running: boolean;
  paused: boolean;
  /** Held until the user signs in again: the session ended under a request (decision 0006). */
  signedOut: boolean;
  /** Rows answered per second of sending (pauses not counted), once there is an answer. */
  ratePerSecond: number | undefined;
  /** At that rate, how long the rows left take. */
  remainingSeconds: number | undefined;
}

export interface RunOptions<Request> {
  /** Registers one doctor; answers the service's id for it, or throws the failure. */
  send: (request: Request) => Promise<string>;
  /** Whether a failure may pass if the same request is sent again (else it was refused); default yes. */
  mayPassAgain?: (error: unknown) => boolean;
  concurrency?: number;
  /** A clock in milliseconds (tests pass their own). */
  now?: () => number;
  /**
   * Whether a failure says the session has ended rather than anything about the row: the row goes
   * back to waiting and nothing more is sent until `signedIn` (decision 0006).
   */
  endsSession?: (error: unknown) => boolean;
}
