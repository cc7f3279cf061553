/** Shared by the client tests: an emulator on a free port and a client pointed at it, recording every attempt. */
import {
  createClient,
  type ClientOptions,
  type CrmClient,
  type ResponseLogEvent,
} from '../../src/api/index.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

export interface ClientFixture {
  emu: TestEmulator;
  client: CrmClient;
  /** every attempt's response event, in order */
  calls: ResponseLogEvent[];
  close(): Promise<void>;
}

export async function startClientFixture(
  emulatorOptions: EmulatorOptions = {},
  clientOptions: Partial<ClientOptions> = {},
): Promise<ClientFixture> {
  const emu = await startTestEmulator(emulatorOptions);
  const calls: ResponseLogEvent[] = [];
  const client = createClient({
    baseUrl: emu.url,
    token: emu.token,
    // tests are not rate limited unless they say so
    rateLimit: { requests: 100_000 },
    searchPerSecond: 1000,
    ...clientOptions,
    onResponse: (event) => {
      calls.push(event);
      clientOptions.onResponse?.(event);
    },
  });
  return {
    emu,
    client,
    calls,
    async close() {
      await client.close();
      await emu.close();
    },
  };
}

/** A valid custom text property create body. */
export const textProperty = (name: string, groupName = 'ticketinformation') => ({
  name,
  label: `Label ${name}`,
  type: 'string' as const,
  fieldType: 'text' as const,
  groupName,
});
