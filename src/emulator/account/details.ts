/**
 * The account details the emulator answers: its id (`state.accountId`, kept in the data file, so an
 * account read from one always answers the same id) and fixed values for the rest, the same on every
 * start. The 2026-09 form adds the account's name and when it was created (the time its state was made:
 * the built-in properties carry it).
 */
import type { AccountDetails } from '../../wire/api.js';
import type { EmulatorState } from '../state/model.js';
import type { ApiVersion } from '../../wire/api-version.js';

/** The host the emulator's account says its web interface is on. */
export const EMULATOR_UI_DOMAIN = 'app.crm-schema.local';

/** `legacy` and `2026-03` answer the same fields; `2026-09` adds `portalName` and `createdAt`. */
export function accountDetails(state: EmulatorState, version: ApiVersion): AccountDetails {
  const details: AccountDetails = {
    portalId: state.accountId,
    accountType: 'STANDARD',
    timeZone: 'UTC',
    companyCurrency: 'USD',
    additionalCurrencies: [],
    utcOffset: '+00:00',
    utcOffsetMilliseconds: 0,
    uiDomain: EMULATOR_UI_DOMAIN,
    dataHostingLocation: 'local',
  };
  if (version !== '2026-09') return details;
  const createdAt = stateCreatedAt(state);
  return {
    ...details,
    portalName: `Emulator account ${state.accountId}`,
    ...(createdAt === undefined ? {} : { createdAt }),
  };
}

/** The earliest `createdAt` of the first object type's built-in properties: when the state was made. */
function stateCreatedAt(state: EmulatorState): string | undefined {
  for (const objectType of Object.values(state.objectTypes)) {
    let earliest: string | undefined;
    for (const property of Object.values(objectType.properties)) {
      if (property.platformDefined !== true || typeof property.createdAt !== 'string') continue;
      if (earliest === undefined || property.createdAt < earliest) earliest = property.createdAt;
    }
    if (earliest !== undefined) return earliest;
  }
  return undefined;
}
