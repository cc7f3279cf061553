/**
 * A run that must not stop half-way at a signal (an apply): while it runs, the first SIGINT or SIGTERM
 * (Ctrl+C, or how CI cancels and times out a job) aborts its `signal`: it starts nothing more, finishes
 * what is in flight, and says what it did. A second signal ends the process at once, as the signal does
 * when nobody listens.
 */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export type StopSignal = (typeof SIGNALS)[number];

export async function withInterrupts<T>(
  controller: AbortController,
  onFirst: (signal: StopSignal) => void,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // the first signal, whether or not the run was stopped already for another reason
  let received = false;
  const listeners = SIGNALS.map((name) => {
    const listener = (): void => {
      if (!received) {
        received = true;
        if (!controller.signal.aborted) controller.abort(name);
        onFirst(name);
        return;
      }
      remove();
      // the second signal: as if nobody listened (the default action ends the process)
      process.kill(process.pid, name);
    };
    process.on(name, listener);
    return [name, listener] as const;
  });
  const remove = (): void => {
    for (const [name, listener] of listeners) process.off(name, listener);
  };
  try {
    return await run(controller.signal);
  } finally {
    remove();
  }
}

/** The signal that stopped a run, when one did (the abort's reason). */
export function stoppedBy(signal: AbortSignal): StopSignal | undefined {
  const reason: unknown = signal.reason;
  return signal.aborted && (SIGNALS as readonly unknown[]).includes(reason)
    ? (reason as StopSignal)
    : undefined;
}
