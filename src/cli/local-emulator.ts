/**
 * `--local`: the built-in emulator, started in this process for the duration of one command, with its
 * state in `.crm-schema/local.json` of the current directory (loaded at start, saved on every change and
 * at close), so that `apply --local` followed by `plan --local` shows no changes. It listens on a free
 * port of 127.0.0.1 and accepts only a token generated for this run, which is never shown.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { LOCAL_DATA_FILE } from './target.js';

export interface LocalEmulator {
  url: string;
  token: string;
  /** absolute path of the state file */
  dataFile: string;
  /** true when the state file existed (false: a fresh account, saved there from now on) */
  loaded: boolean;
  close(): Promise<void>;
}

export async function startLocalEmulator(
  cwd: string,
  log: (line: string) => void = () => undefined,
): Promise<LocalEmulator> {
  const token = `local-${randomBytes(24).toString('hex')}`;
  // loaded only here: the emulator (fastify and its routes) would otherwise add start-up time and memory
  // to every command that talks to a real CRM
  const { startEmulator } = await import('../emulator/index.js');
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    dataFile: join(cwd, LOCAL_DATA_FILE),
    tokens: [token],
    log: (line) => log(`local emulator: ${line}`),
  });
  return {
    url: emulator.url,
    token,
    dataFile: emulator.dataFile ?? join(cwd, LOCAL_DATA_FILE),
    loaded: emulator.loadedFromDataFile,
    close: () => emulator.close(),
  };
}
