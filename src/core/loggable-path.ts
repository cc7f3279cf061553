/**
 * A request path as a log may show it: the values of secret-looking query parameters (`access_token`,
 * `hapikey`, any name holding token, key, secret, password, auth, code or signature) replaced by `***`.
 * The API client's `--verbose` log and the emulator's request log both print paths through it.
 */

const SECRET_PARAM = /token|key|secret|password|auth|code|signature/i;

/** Redacts the values of secret-looking query parameters (our client sends none; a caller's path may). */
export function loggablePath(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const params = new URLSearchParams(path.slice(q + 1));
  for (const name of [...new Set(params.keys())]) {
    if (SECRET_PARAM.test(name)) params.set(name, '***');
  }
  const query = params.toString().replaceAll('%2C', ',').replaceAll('%2A', '*');
  return query ? `${path.slice(0, q)}?${query}` : path.slice(0, q);
}
