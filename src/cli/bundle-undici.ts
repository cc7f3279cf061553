/**
 * The part of undici the bundle holds (bundle.ts). The HTTP client needs only undici's connection Pool
 * and its `request` method: the bundle takes those two parts of undici instead of its whole entry point
 * (fetch, WebSocket, caches, mocks), half a megabyte less to load on every command that talks to the CRM.
 * undici is pinned to one version, and the CLI's tests run the bundle.
 */
import type { Plugin } from 'esbuild';
import { packagePath } from '../core/package-root.js';

/** undici's Pool with the request API undici's entry point adds to every dispatcher. */
const UNDICI_POOL = `
const Pool = require('undici/lib/dispatcher/pool.js');
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
const api = require('undici/lib/api/index.js');
Object.assign(Dispatcher.prototype, api);
module.exports = { Pool };
`;

/**
 * What undici's Client calls when a TLS handshake picks HTTP/2 (ALPN `h2`). The client offers only
 * HTTP/1.1 (undici's `allowH2` is off by default, and transport.ts leaves it off), so it is never called;
 * undici's HTTP/2 module loads Node's `http2` and `tls` on require, some 15 ms of every command that
 * talks to the CRM, for nothing.
 */
const NO_HTTP2 = `
module.exports = function connectH2() {
  throw new Error("crm-schema talks HTTP/1.1: its bundle leaves undici's HTTP/2 out");
};
`;
const UNDICI_CLIENT = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;

/**
 * undici checks its own invariants with `assert(condition)` some 100 times; Node's assert module (4 ms
 * to load) is needed only when one fails, to throw its AssertionError (whose message then quotes this
 * wrapper's call rather than undici's condition). Any other use of the module (`assert.strictEqual`)
 * loads it then.
 */
const LAZY_ASSERT = `
function assert(value, message) {
  if (!value) require('node:assert')(value, message);
}
module.exports = new Proxy(assert, { get: (target, key) => (key in target ? target[key] : require('node:assert')[key]) });
`;
const UNDICI_LIB = /[\\/]undici[\\/]lib[\\/]/;

export const undiciPool: Plugin = {
  name: 'undici-pool',
  setup(bundler) {
    bundler.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici-pool', namespace: 'undici-pool' }));
    bundler.onLoad({ filter: /^undici-pool$/, namespace: 'undici-pool' }, () => ({
      contents: UNDICI_POOL,
      loader: 'js',
      resolveDir: packagePath(),
    }));
    bundler.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      UNDICI_CLIENT.test(args.importer) ? { path: 'no-http2', namespace: 'undici-pool' } : undefined,
    );
    bundler.onLoad({ filter: /^no-http2$/, namespace: 'undici-pool' }, () => ({
      contents: NO_HTTP2,
      loader: 'js',
    }));
    bundler.onResolve({ filter: /^node:assert$/ }, (args) =>
      UNDICI_LIB.test(args.importer) ? { path: 'lazy-assert', namespace: 'undici-pool' } : undefined,
    );
    bundler.onLoad({ filter: /^lazy-assert$/, namespace: 'undici-pool' }, () => ({
      contents: LAZY_ASSERT,
      loader: 'js',
    }));
  },
};
