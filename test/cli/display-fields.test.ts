/**
 * The display fields of a property (numberDisplayHint, textDisplayHint, currencyPropertyName,
 * showCurrencySymbol), through the CLI against the emulator: created as declared, changed by an update,
 * and left alone where the manifest does not give them (the account's value stays, no change is planned).
 */
import { describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src/engine/plan/plan-document.js';
import { runCli } from '../helpers/cli.js';
import { cliAgainst, writeFiles } from '../live/helpers.js';
import { liveProjectPerTest } from '../live/live-project.js';

const PROJECT = `manifests: ['schema/*.yaml']\n`;
const manifest = (extra: string) => `kind: Properties
objectType: deals
properties:
  - { name: fx_amount, label: Amount, type: number, fieldType: number, groupName: dealinformation${extra} }
  - { name: fx_site, label: Site, type: string, fieldType: text, groupName: dealinformation, textDisplayHint: domain_name }
`;

const live = liveProjectPerTest('crm-schema-display-');

function cli(args: string[]) {
  return cliAgainst(live.fx, live.dir)(args);
}

async function plan(): Promise<PlanDocument> {
  const run = await cli(['plan', '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as PlanDocument;
}

describe('display fields of a property', () => {
  it('are sent on create, updated when changed, and not managed where left out', async () => {
    await writeFiles(live.dir, {
      'crm-schema.yaml': PROJECT,
      'schema/deals.yaml': manifest(
        ', numberDisplayHint: currency, currencyPropertyName: deal_currency_code, showCurrencySymbol: true',
      ),
    });
    const created = await plan();
    const amount = created.changes.find((c) => c.address === 'deals.fx_amount')!;
    expect(amount.requests[0]!.body).toMatchObject({
      numberDisplayHint: 'currency',
      currencyPropertyName: 'deal_currency_code',
      showCurrencySymbol: true,
    });
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    expect(await live.fx.client.properties.get('deals', 'fx_amount')).toMatchObject({
      numberDisplayHint: 'currency',
      currencyPropertyName: 'deal_currency_code',
      showCurrencySymbol: true,
    });
    expect((await live.fx.client.properties.get('deals', 'fx_site')).textDisplayHint).toBe('domain_name');
    expect((await plan()).changes).toEqual([]);

    // changed: one update of that field
    await writeFiles(live.dir, { 'schema/deals.yaml': manifest(', numberDisplayHint: percentage') });
    const changed = await plan();
    expect(changed.changes.map((c) => [c.type, c.address, c.requests[0]?.body])).toEqual([
      ['property.update', 'deals.fx_amount', { numberDisplayHint: 'percentage' }],
    ]);
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    // the fields the manifest leaves out now (currencyPropertyName, showCurrencySymbol) stay as they are
    expect(await live.fx.client.properties.get('deals', 'fx_amount')).toMatchObject({
      numberDisplayHint: 'percentage',
      currencyPropertyName: 'deal_currency_code',
      showCurrencySymbol: true,
    });
    expect((await plan()).changes).toEqual([]);
  });

  it("refuses a display hint that is not one of the platform's, at its place", async () => {
    await writeFiles(live.dir, {
      'crm-schema.yaml': PROJECT,
      'schema/deals.yaml': manifest(', numberDisplayHint: formated'),
    });
    const run = await runCli(['validate'], { cwd: live.dir });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/schema\/deals\.yaml:4:\d+/);
    expect(run.stdout + run.stderr).toContain('numberDisplayHint');
  });
});
