/**
 * Test helper for the v4 record association endpoints: records, labels and links made over HTTP
 * against a test emulator, and a view of the stored association entries between two records.
 */
import { expect } from 'vitest';
import type { RawResponse, TestEmulator } from './emulator.js';

export interface LinkHelpers {
  /** creates a record with no properties; returns its id */
  record(objectType: string): Promise<string>;
  /** creates a label from -> to; returns [forward typeId, inverse typeId] */
  label(
    from: string,
    to: string,
    name: string,
    label: string,
    inverseLabel?: string,
  ): Promise<[number, number]>;
  /** PUT of a link; types are type ids (category USER_DEFINED) */
  put(from: string, fromId: string, to: string, toId: string, ...typeIds: number[]): Promise<RawResponse>;
  /** the stored entries between two records, as `from->to:typeId`, sorted */
  between(a: string, b: string): string[];
}

/** the built-in unlabeled types of tickets -> orders and back */
export const TICKETS_TO_ORDERS = 27;
export const ORDERS_TO_TICKETS = 28;
export const unlabeled = (typeId: number) => ({ category: 'PLATFORM_DEFINED', typeId, label: null });

export const spec = (associationTypeId: number, associationCategory = 'USER_DEFINED') => ({
  associationCategory,
  associationTypeId,
});

export function linkHelpers(emu: TestEmulator): LinkHelpers {
  return {
    async record(objectType) {
      const res = await emu.call('POST', `/crm/v3/objects/${objectType}`, { properties: {} });
      expect(res.status).toBe(201);
      return res.body.id as string;
    },
    async label(from, to, name, label, inverseLabel) {
      const res = await emu.call('POST', `/crm/v4/associations/${from}/${to}/labels`, {
        name,
        label,
        ...(inverseLabel ? { inverseLabel } : {}),
      });
      expect(res.status).toBe(200);
      return [res.body.results[0].typeId, res.body.results[1].typeId];
    },
    put(from, fromId, to, toId, ...typeIds) {
      return emu.call(
        'PUT',
        `/crm/v4/objects/${from}/${fromId}/associations/${to}/${toId}`,
        typeIds.map((id) => spec(id)),
      );
    },
    between(a, b) {
      return emu.state.recordAssociations
        .filter((e) => (e.fromId === a && e.toId === b) || (e.fromId === b && e.toId === a))
        .map((e) => `${e.fromId}->${e.toId}:${e.typeId}`)
        .sort();
    },
  };
}
