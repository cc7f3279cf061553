/** Why a run was stopped, as its abort signal says (a signal's name, or the record that failed). */
export function stopReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return typeof reason === 'string' ? reason : 'stopped';
}
