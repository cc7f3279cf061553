/**
 * `crm-schema emulator`: runs the local emulator of the CRM until SIGINT/SIGTERM. Thin: flags become
 * EmulatorOptions; the server lives in src/emulator.
 */
import { parseRequiredRule } from '../emulator/records/required-rules.js';
import { Command, Flags } from '@oclif/core';
import { CrmSchemaError } from '../core/errors.js';
import { forTerminal } from '../core/output-gate.js';
import { resolve } from 'node:path';
import type { RunningEmulator, TokenGrant } from '../emulator/index.js';
import { accountIdFlag } from '../cli/account-id-flag.js';
import {
  DEFAULT_ACCOUNT_ID,
  FAULT_KINDS,
  faultWeightsProblem,
  type EmulatorOptions,
  type FaultWeights,
} from '../emulator/options.js';
import { prefetchStateFiles } from '../emulator/persistence.js';

const faultRate = Flags.custom<number>({
  helpValue: 'P',
  parse: (input) => {
    const value = Number(input);
    if (input.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
      throw new CrmSchemaError(
        'EMULATOR_BAD_FLAG',
        `--fault-rate must be a fraction from 0 to 1, not '${input}'.`,
        {
          hint: 'For 5% of requests, use --fault-rate 0.05.',
        },
      );
    }
    return Promise.resolve(value);
  },
});

function badWeights(input: string, problem: string): CrmSchemaError {
  return new CrmSchemaError('EMULATOR_BAD_FLAG', `'${input}': ${problem}`, {
    hint: 'Give KIND=P pairs separated by commas, e.g. --fault-weights 429=0.10,500=0.025,503=0.025,drop-before=0.01,drop-after=0.01 (probabilities adding up to at most 1).',
  });
}

/** `429=0.1,500=0.05`: each kind's own probability, checked as the emulator checks its options. */
const faultWeights = Flags.custom<FaultWeights>({
  helpValue: 'KIND=P,...',
  parse: (input) => {
    const weights: Record<string, number> = {};
    for (const pair of input.split(',')) {
      const [kind = '', value = '', ...rest] = pair.split('=').map((part) => part.trim());
      const probability = rest.length > 0 || value === '' ? Number.NaN : Number(value);
      if (Object.hasOwn(weights, kind)) throw badWeights(input, `${kind} is given twice.`);
      const written = [value, ...rest].join('=');
      const problem = faultWeightsProblem({ [kind]: Number.isFinite(probability) ? probability : written });
      if (problem !== undefined) throw badWeights(input, problem);
      weights[kind] = probability;
    }
    const problem = faultWeightsProblem(weights);
    if (problem !== undefined) throw badWeights(input, problem);
    return Promise.resolve(weights as FaultWeights);
  },
});

/** Waits for SIGINT or SIGTERM and returns its name; the handlers are removed again. */
function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export default class Emulator extends Command {
  static override summary = 'Run the local emulator of the CRM.';

  static override description =
    'Serves every endpoint of the CRM interface on a local port, with its auth, errors, limits and optional ' +
    'injected latency and faults. Prints one line with its URL once ready; stops on Ctrl+C (SIGINT) or SIGTERM ' +
    'with its state saved.';

  static override examples = [
    '<%= config.bin %> emulator',
    '<%= config.bin %> emulator --port 4010 --token dev-token --data .crm-schema/emulator.json',
    '<%= config.bin %> emulator --token ci:crm.schemas.tickets.read,crm.schemas.tickets.write',
    '<%= config.bin %> emulator --rate-limit 100 --fault-rate 0.05 --seed 7 --latency 50',
    '<%= config.bin %> emulator --fault-weights 429=0.10,500=0.025,503=0.025,drop-before=0.01,drop-after=0.01',
  ];

  static override flags = {
    port: Flags.integer({
      summary: 'Port to listen on (default 0: a free port).',
      default: 0,
      min: 0,
      max: 65535,
    }),
    host: Flags.string({ summary: 'Address to listen on.', default: '127.0.0.1' }),
    data: Flags.string({
      summary: 'Keep the state in this JSON file: loaded on start, saved on every change.',
      helpValue: 'FILE',
    }),
    token: Flags.string({
      summary: 'Accepted bearer token, T or T:scope1,scope2 (repeatable). Without it one is generated.',
      helpValue: 'T[:SCOPES]',
      multiple: true,
    }),
    latency: Flags.integer({
      summary: 'Delay every reply by this many milliseconds.',
      helpValue: 'MS',
      min: 0,
    }),
    'rate-limit': Flags.integer({
      summary: 'Requests per rolling 10 s per token; more get 429.',
      helpValue: 'N',
      min: 1,
    }),
    'daily-limit': Flags.integer({
      summary: 'Requests per UTC day for the account; more get 429.',
      helpValue: 'N',
      min: 1,
    }),
    'fault-rate': faultRate({
      summary: 'Fraction of requests answered 500/503/429 or with a dropped connection.',
    }),
    'fault-kinds': Flags.option({
      summary: 'Fault kinds to inject (comma-separated); default all.',
      options: FAULT_KINDS,
      multiple: true,
      delimiter: ',',
    })(),
    'fault-weights': faultWeights({
      summary:
        "Each fault kind's own probability, e.g. 429=0.10,500=0.05,drop-after=0.02 (instead of --fault-rate).",
      exclusive: ['fault-rate', 'fault-kinds'],
    }),
    'fault-retry-after': Flags.integer({
      summary: 'Retry-After (seconds) of the injected 429 and 503 faults (default 1; 0 for fast tests).',
      helpValue: 'S',
      min: 0,
      max: 3600,
    }),
    seed: Flags.integer({
      summary: 'Seed of the fault sequence (default 1): the same seed gives the same faults.',
    }),
    'account-id': accountIdFlag({
      summary: `Account id of a fresh state, answered by the account details (default ${DEFAULT_ACCOUNT_ID}).`,
    }),
    'log-requests': Flags.boolean({
      summary:
        'Print one line per request to stderr: method, path, status and time (never a header or body).',
    }),
    'required-property-rule': Flags.string({
      summary:
        'A conditional required-property rule of the account, enforced on record writes on the 2026-09 paths: OBJECT.PROPERTY, or OBJECT.PROPERTY:WHEN_PROPERTY=VALUE; repeatable.',
      helpValue: 'RULE',
      multiple: true,
    }),
    'seed-file': Flags.string({
      summary:
        'JSON or YAML file of properties, groups, labels, event definitions and records for a fresh state.',
      helpValue: 'FILE',
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Emulator);
    const options: EmulatorOptions = {
      port: flags.port,
      host: flags.host,
      ...(flags.data !== undefined ? { dataFile: flags.data } : {}),
      ...(flags.token !== undefined ? { tokens: flags.token } : {}),
      ...(flags.latency !== undefined ? { latencyMs: flags.latency } : {}),
      ...(flags['rate-limit'] !== undefined ? { rateLimit: flags['rate-limit'] } : {}),
      ...(flags['daily-limit'] !== undefined ? { dailyLimit: flags['daily-limit'] } : {}),
      ...(flags['fault-rate'] !== undefined ? { faultRate: flags['fault-rate'] } : {}),
      ...(flags['fault-kinds'] !== undefined ? { faultKinds: flags['fault-kinds'] } : {}),
      ...(flags['fault-weights'] !== undefined ? { faultWeights: flags['fault-weights'] } : {}),
      ...(flags['fault-retry-after'] !== undefined
        ? { faultRetryAfterSeconds: flags['fault-retry-after'] }
        : {}),
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
      ...(flags['account-id'] !== undefined ? { accountId: flags['account-id'] } : {}),
      ...(flags['seed-file'] !== undefined ? { seedFile: flags['seed-file'] } : {}),
      ...(flags['required-property-rule'] !== undefined
        ? { requiredPropertyRules: flags['required-property-rule'].map(parseRequiredRule) }
        : {}),
      log: (line) => {
        this.logToStderr(forTerminal(`crm-schema emulator: ${line}`));
      },
      ...(flags['log-requests']
        ? {
            requestLog: (line: string) => {
              this.logToStderr(line);
            },
          }
        : {}),
    };
    // the data file is read while the server's modules load
    if (options.dataFile !== undefined) prefetchStateFiles(resolve(options.dataFile));
    const { startEmulator, unknownScopes } = await import('../emulator/index.js');
    const emulator = await startEmulator(options);
    this.announce(emulator, options, unknownScopes);

    const signal = await untilStopSignal();
    await emulator.close();
    this.log(`Stopped on ${signal}${emulator.dataFile ? `; state saved to ${emulator.dataFile}` : ''}.`);
  }

  /** What the user needs, then the one line with the URL (the "ready" signal scripts wait for). */
  private announce(
    emulator: RunningEmulator,
    options: EmulatorOptions,
    unknownScopes: (grant: TokenGrant) => string[],
  ): void {
    if (emulator.dataFile) {
      const how = emulator.loadedFromDataFile ? 'loaded from' : 'new, saved to';
      this.log(`State: ${how} ${emulator.dataFile}`);
    } else {
      this.log('State: in memory only (use --data FILE to keep it)');
    }
    if (options.seedFile !== undefined) {
      this.log(
        emulator.seedFileApplied
          ? `Seed file: ${options.seedFile} applied`
          : `Seed file: ${options.seedFile} not applied (the data file already holds a state)`,
      );
    }
    // what each token given may do: a token with a colon holds only the scopes after it
    const scoped = emulator.grants.some((grant) => grant.scopes !== null);
    emulator.grants.forEach((grant, i) => {
      // said only when some token is limited: a plain token holds every scope, as the docs say
      if (emulator.tokenGenerated || !scoped) return;
      const unknown = unknownScopes(grant);
      this.log(
        grant.scopes === null
          ? `Token ${i + 1}: every scope`
          : `Token ${i + 1}: only ${grant.scopes.length === 0 ? 'no scope' : grant.scopes.join(', ')}`,
      );
      if (unknown.length > 0)
        this.logToStderr(
          `crm-schema emulator: warning: token ${i + 1} (given as TOKEN:SCOPES) holds ${unknown.map((s) => `'${s}'`).join(', ')}, ` +
            'which the emulator never checks: scopes are crm.objects.<type>.read|write, crm.schemas.<type>.read|write ' +
            'and behavioral_events.event_definitions.read_write. A token with a colon in it is read as TOKEN:SCOPES.',
        );
    });
    // the emulator's own generated token: shown once so the user can call it
    if (emulator.tokenGenerated) this.log(`Token: ${emulator.tokens[0]}`);
    this.log(`crm-schema emulator listening on ${emulator.url}`);
  }
}
