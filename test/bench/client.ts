/**
 * Client case of `npm run bench`: read 10 object types x 1,000 custom properties with the client's
 * batch read against the emulator at 50 ms latency. The properties are seeded straight into the
 * emulator's state (fast); the figure that matters is the number of calls, which must equal the
 * batch lower bound (10 x ceil(1,000 / 100) = 100), and the wall time of the read.
 */
import { createClient, type CrmClient } from '../../src/api/index.js';
import { startEmulator } from '../../src/emulator/index.js';
import { buildProperty } from '../../src/emulator/properties/property-defaults.js';
import type { EmulatorState } from '../../src/emulator/state/model.js';
import { BATCH_SIZE } from '../../src/wire/platform-limits.js';

export interface ClientBenchOptions {
  objectTypes?: number;
  propertiesPerType?: number;
  latencyMs?: number;
}

export type Figures = Record<string, number | string>;

/** Adds `count` custom text properties to each of the first `types` object types; returns their names by type. */
function seed(state: EmulatorState, types: number, count: number): Map<string, string[]> {
  const now = new Date().toISOString();
  const byType = new Map<string, string[]>();
  for (const objectType of Object.values(state.objectTypes).slice(0, types)) {
    const groupName = Object.keys(objectType.groups)[0] ?? 'information';
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const name = `bench_prop_${i}`;
      objectType.properties[name] = buildProperty(
        { name, label: `Bench ${i}`, type: 'string', fieldType: 'text', groupName },
        now,
      );
      names.push(name);
    }
    byType.set(objectType.name, names);
  }
  if (byType.size < types)
    throw new Error(`the emulator has only ${byType.size} object types, ${types} asked`);
  return byType;
}

async function readAll(client: CrmClient, byType: Map<string, string[]>): Promise<number> {
  const reads = await Promise.all(
    [...byType].map(async ([objectType, names]) => {
      const result = await client.properties.batchRead(objectType, names);
      if (result.errors.length || result.unmatched.length) {
        throw new Error(
          `batch read of ${objectType} failed: ${result.errors[0]?.error.message ?? 'unmatched errors'}`,
        );
      }
      return result.results.length;
    }),
  );
  return reads.reduce((a, b) => a + b, 0);
}

export async function benchClient(options: ClientBenchOptions = {}): Promise<Figures> {
  const types = options.objectTypes ?? 10;
  const perType = options.propertiesPerType ?? 1000;
  const latencyMs = options.latencyMs ?? 50;
  const token = 'bench-token';
  const emu = await startEmulator({ port: 0, tokens: [token], latencyMs });
  let calls = 0;
  let retries = 0;
  // default client settings: 10 in flight, 100 requests per 10 s
  const client = createClient({
    baseUrl: emu.url,
    token,
    onResponse: (e) => {
      calls++;
      if (e.willRetry) retries++;
    },
  });
  try {
    const byType = seed(emu.state, types, perType);
    const started = performance.now();
    const read = await readAll(client, byType);
    const wallMs = Math.round(performance.now() - started);
    const lowerBound = types * Math.ceil(perType / BATCH_SIZE);
    if (read !== types * perType) throw new Error(`read ${read} properties, expected ${types * perType}`);
    if (calls !== lowerBound) throw new Error(`${calls} calls, expected the batch lower bound ${lowerBound}`);
    return {
      objectTypes: types,
      propertiesPerType: perType,
      latencyMs,
      propertiesRead: read,
      calls,
      batchLowerBound: lowerBound,
      retries,
      wallMs,
    };
  } finally {
    await client.close();
    await emu.close();
  }
}
