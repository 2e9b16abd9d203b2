// Work the screen can do before it is asked for, done while the browser has nothing else to do.

/**
 * Runs `step` in the browser's idle periods until it answers that nothing is left. `step` is given
 * whether this period has time left, to stop between pieces of its work. Where the browser has no
 * idle callbacks (Safari), a timer with a budget of 8 ms stands in. The returned function cancels.
 */
export function inIdleTime(step: (timeLeft: () => boolean) => boolean): () => void {
  const idle = typeof requestIdleCallback === 'function';
  let handle: number | undefined;
  let cancelled = false;
  const run = (deadline?: IdleDeadline) => {
    if (cancelled) return;
    const started = performance.now();
    const timeLeft = deadline ? () => deadline.timeRemaining() > 1 : () => performance.now() - started < 8;
    if (step(timeLeft)) schedule();
  };
  const schedule = () => {
    handle = idle ? requestIdleCallback(run) : window.setTimeout(run, 16);
  };
  schedule();
  return () => {
    cancelled = true;
    if (handle === undefined) return;
    if (idle) cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
