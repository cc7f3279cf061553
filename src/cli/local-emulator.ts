/**
 * `--local`: the built-in emulator, started in this process for the duration of one command, with its
 * state in `.crm-schema/local.json` of the current directory (loaded at start, saved on every change and
 * at close), so that `apply --local` followed by `plan --local` shows no changes. It listens on a free
 * port of 127.0.0.1 and accepts only a token generated for this run, which is never shown.
 *
 * Two runs in one folder take turns (local-lock.ts): the state file's lock is taken before the state is
 * loaded and given back after it is saved at close, so no run's changes are lost to another's save.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { acquireLock, type LockOptions } from './local-lock.js';
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
  lockOptions: Omit<LockOptions, 'onWait' | 'display'> = {},
): Promise<LocalEmulator> {
  const dataFile = join(cwd, LOCAL_DATA_FILE);
  const lock = await acquireLock(`${dataFile}.lock`, {
    ...lockOptions,
    display: `${LOCAL_DATA_FILE}.lock`,
    onWait: (holder) => {
      log(`waiting for another crm-schema --local run (pid ${holder.pid}) to finish`);
    },
  });
  try {
    const token = `local-${randomBytes(24).toString('hex')}`;
    // loaded only here: the emulator (fastify and its routes) would otherwise add start-up time and memory
    // to every command that talks to a real CRM
    const { startEmulator } = await import('../emulator/index.js');
    const emulator = await startEmulator({
      port: 0,
      host: '127.0.0.1',
      dataFile,
      tokens: [token],
      log: (line) => {
        log(`local emulator: ${line}`);
      },
    });
    return {
      url: emulator.url,
      token,
      dataFile: emulator.dataFile ?? dataFile,
      loaded: emulator.loadedFromDataFile,
      close: async () => {
        try {
          await emulator.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
