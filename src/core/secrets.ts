/**
 * Secrets the process holds (the access token), masked from everything it writes: whatever text reaches
 * stdout, stderr or a file — a result, a diagnostic quoting a manifest, an error quoting a server, the
 * step summary, an apply record — passes through the output gate (output-gate.ts), which masks them
 * with `maskSecrets`, so a token that found its way into a manifest, a live label or an answer is shown
 * as `***`. The API client also removes it from every answer it reads; this is the last line.
 */

const secrets = new Set<string>();

/** Values shorter than this are too common to mask without mangling ordinary text. */
const MIN_SECRET_LENGTH = 8;

/**
 * Whether `value` is long enough to be masked wherever it appears. A shorter one (an emulator token
 * such as `t`) is no secret a platform hands out, and replacing it would mangle ordinary text: every
 * "t" of the output, or every key of an answer holding one (`results` read as `resul***s`).
 */
export function isMaskable(value: string): boolean {
  return value.length >= MIN_SECRET_LENGTH;
}

export function keepSecret(value: string): void {
  if (isMaskable(value)) secrets.add(value);
}

/**
 * `text` with every secret held masked, also as it reads inside a JSON string (a token holding a quote
 * or a backslash is written escaped there).
 */
export function maskSecrets(text: string): string {
  let masked = text;
  for (const secret of secrets) {
    for (const form of formsOf(secret)) if (masked.includes(form)) masked = masked.replaceAll(form, '***');
  }
  return masked;
}

/** Whether `text` holds a secret the process holds. */
export function holdsSecret(text: string): boolean {
  for (const secret of secrets) if (formsOf(secret).some((form) => text.includes(form))) return true;
  return false;
}

function formsOf(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return escaped === secret ? [secret] : [secret, escaped];
}

/**
 * Forgets every secret. A CLI process never needs this (its secrets live as long as it does); a process
 * that runs `main` more than once, as the tests do, starts each run with none, as a new process would.
 */
export function forgetSecrets(): void {
  secrets.clear();
}
