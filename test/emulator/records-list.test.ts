import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { seedProperties } from '../helpers/seed-properties.js';

describe('record list paging, archived reads and object types by name or id', () => {
  let emu: TestEmulator;
  const ids: string[] = [];
  beforeAll(async () => {
    emu = await startTestEmulator();
    seedProperties(emu.state, '0-162', [
      { name: 'hs_name', type: 'string' },
      { name: 'emu_n', type: 'number' },
    ]);
    seedProperties(emu.state, '0-410', [{ name: 'hs_course_name', type: 'string' }]);
    for (let i = 0; i < 25; i++) {
      const res = await emu.call('POST', '/crm/v3/objects/0-162', {
        properties: { hs_name: `s${i}`, emu_n: String(i) },
      });
      ids.push(res.body.id);
    }
    // two archived ones in the middle
    await emu.call('POST', '/crm/v3/objects/services/batch/archive', {
      inputs: [{ id: ids[3] }, { id: ids[4] }],
    });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('serves a record created under the id 0-162 under the name services, and the reverse', async () => {
    const byName = await emu.call('GET', `/crm/v3/objects/services/${ids[0]}?properties=hs_name`);
    expect(byName.status).toBe(200);
    expect(byName.body.properties).toEqual({ hs_name: 's0' });
    const created = await emu.call('POST', '/crm/v3/objects/0-410', {
      properties: { hs_course_name: 'Intro' },
    });
    expect(created.status).toBe(201);
    expect(created.body.properties.hs_course_name).toBe('Intro');
    const byId = await emu.call('GET', `/crm/v3/objects/courses/${created.body.id}`);
    expect(byId.body.properties.hs_course_name).toBe('Intro');
    const wrongType = await emu.call('GET', `/crm/v3/objects/0-410/${ids[0]}`);
    expect(wrongType.status).toBe(404);
  });

  it('lists 10 by default with paging.next.after and a link carrying the other parameters', async () => {
    const first = await emu.call('GET', '/crm/v3/objects/services?properties=emu_n');
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: any) => r.id)).toEqual([...ids.slice(0, 3), ...ids.slice(5, 12)]);
    expect(first.body.results[0]).toEqual({
      id: ids[0],
      properties: { emu_n: '0' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      archived: false,
    });
    expect(first.body.paging.next.after).toBe(ids[11]);
    expect(first.body.paging.next.link).toBe(`?after=${ids[11]}&properties=emu_n&limit=10`);
  });

  it('pages through every active record in id order and stops with no paging on the last page', async () => {
    const seen: string[] = [];
    let link = '?limit=7';
    for (let page = 0; page < 10 && link; page++) {
      const res = await emu.call('GET', `/crm/v3/objects/services${link}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.results.map((r: any) => r.id));
      link = res.body.paging?.next?.link ?? '';
    }
    expect(seen).toEqual(ids.filter((_, i) => i !== 3 && i !== 4));
    const last = await emu.call('GET', `/crm/v3/objects/services?after=${ids[20]}&limit=10`);
    expect(last.body.results.map((r: any) => r.id)).toEqual(ids.slice(21));
    expect(last.body).not.toHaveProperty('paging');
  });

  it('archived=true lists only archived records', async () => {
    const res = await emu.call('GET', '/crm/v3/objects/0-162?archived=true');
    expect(res.body.results.map((r: any) => [r.id, r.archived])).toEqual([
      [ids[3], true],
      [ids[4], true],
    ]);
    expect(res.body.results[0].archivedAt).toMatch(/^\d{4}-/);
  });

  it('answers 400 for a limit over 100, a non-integer limit or a bad cursor', async () => {
    for (const query of ['limit=101', 'limit=0', 'limit=ten']) {
      const res = await emu.call('GET', `/crm/v3/objects/services?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Query parameter limit must be an integer from 1 to 100, got /);
    }
    const cursor = await emu.call('GET', '/crm/v3/objects/services?after=abc');
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toBe(
      "Invalid paging cursor after='abc'; pass the paging.next.after value of the previous page.",
    );
    const archived = await emu.call('GET', '/crm/v3/objects/services?archived=maybe');
    expect(archived.status).toBe(400);
  });

  it('returns at most 50 records per page when propertiesWithHistory is used', async () => {
    for (let i = 0; i < 30; i++)
      await emu.call('POST', '/crm/v3/objects/services', { properties: { emu_n: '1' } });
    const res = await emu.call('GET', '/crm/v3/objects/services?limit=100&propertiesWithHistory=emu_n');
    expect(res.body.results).toHaveLength(50);
    expect(res.body.results[0].propertiesWithHistory.emu_n).toEqual([
      { value: '0', timestamp: expect.any(String), sourceType: 'API' },
    ]);
    expect(res.body.paging.next.link).toContain('limit=50');
    const plain = await emu.call('GET', '/crm/v3/objects/services?limit=100');
    expect(plain.body.results).toHaveLength(53);
  });
});
