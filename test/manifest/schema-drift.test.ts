/**
 * The published JSON Schemas, made from the declarations (whose TypeScript types are theirs): enums equal
 * the constants of src/wire/api.ts; every key is described; every keyword has a plain message; every
 * pattern has a plain message.
 */
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { HANDLED_KEYWORDS, patternNames } from '../../src/engine/manifest/schema/ajv-messages.js';
import { loadSchema, schemaNameOf, validators } from '../../src/engine/manifest/schema/schemas.js';
import type { SchemaName } from '../../src/engine/manifest/schema/schemas.js';
import { documentKinds } from '../../src/engine/manifest/schema/document-kinds.js';

const ASSOCIATION_CATEGORIES = ['PLATFORM_DEFINED', 'USER_DEFINED', 'INTEGRATOR_DEFINED', 'WORK'];
const MANIFEST_KINDS = documentKinds().map((kind) => kind.kind);
import { DATA_SENSITIVITIES, EVENT_PROPERTY_TYPES, FIELD_TYPES, PROPERTY_TYPES } from '../../src/wire/api.js';
import { DESTRUCTIVE_POLICIES, UNMANAGED_POLICIES } from '../../src/engine/model/policy.js';

type SchemaObject = Record<string, unknown> & {
  properties?: Record<string, SchemaObject>;
  required?: string[];
};

const schemas: Record<Exclude<SchemaName, 'plan'>, SchemaObject> = {
  manifest: loadSchema('manifest'),
  config: loadSchema('config'),
};
const def = (schema: Exclude<SchemaName, 'plan'>, name: string): SchemaObject =>
  name === '' ? schemas[schema] : (schemas[schema].$defs as Record<string, SchemaObject>)[name]!;

describe('schemas and types', () => {
  it('has the enums of the wire types', () => {
    const property = def('manifest', 'Property').properties!;
    expect(property.type!.enum).toEqual([...PROPERTY_TYPES]);
    expect(property.fieldType!.enum).toEqual([...FIELD_TYPES]);
    expect(property.dataSensitivity!.enum).toEqual([...DATA_SENSITIVITIES]);
    expect(def('manifest', 'EventProperty').properties!.type!.enum).toEqual([...EVENT_PROPERTY_TYPES]);
    expect(def('manifest', 'AssociationType').properties!.category!.enum).toEqual([
      ...ASSOCIATION_CATEGORIES,
    ]);
    expect(schemas.manifest.properties!.kind!.enum).toEqual([...MANIFEST_KINDS]);
    expect(def('config', 'Policy').properties!.destructive!.enum).toEqual([...DESTRUCTIVE_POLICIES]);
    expect(def('config', 'Policy').properties!.unmanaged!.enum).toEqual([...UNMANAGED_POLICIES]);
  });

  it('describes every key and every definition, and uses draft 2020-12', () => {
    const missing: string[] = [];
    // walks subschemas only (not `if` conditions, not the values of `properties` as keywords)
    const walk = (schema: SchemaObject, where: string): void => {
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        if (typeof value.description !== 'string' || value.description.length < 10)
          missing.push(`${where}.properties.${key}`);
        walk(value, `${where}.properties.${key}`);
      }
      const children: [string, unknown][] = [
        ['items', schema.items],
        ['then', schema.then],
        ['else', schema.else],
        ['additionalProperties', schema.additionalProperties],
        ...((schema.allOf as unknown[] | undefined) ?? []).map(
          (s, i) => [`allOf[${i}]`, s] as [string, unknown],
        ),
        ...Object.entries((schema.$defs as Record<string, unknown> | undefined) ?? {}).map(
          ([k, s]) => [`$defs.${k}`, s] as [string, unknown],
        ),
      ];
      for (const [key, child] of children) {
        if (typeof child === 'object' && child !== null) walk(child as SchemaObject, `${where}.${key}`);
      }
    };
    for (const name of ['manifest', 'config'] as const) {
      expect(schemas[name].$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      walk(schemas[name], name);
      for (const [defName, value] of Object.entries(schemas[name].$defs as Record<string, SchemaObject>)) {
        if (typeof value.description !== 'string') missing.push(`${name}.$defs.${defName}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('uses only keywords that validation turns into plain messages', () => {
    const structural = new Set([
      '$schema',
      '$defs',
      '$ref',
      'title',
      'description',
      'properties',
      'items',
      'allOf',
      'then',
      'else',
      'format',
    ]);
    const used = new Set<string>();
    const walk = (node: unknown, inProperties: boolean): void => {
      if (Array.isArray(node)) {
        node.forEach((item) => {
          walk(item, false);
        });
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (!inProperties) used.add(key);
        walk(
          value,
          !inProperties && (key === 'properties' || key === '$defs' || key === 'dependentRequired'),
        );
      }
    };
    walk(schemas.manifest, false);
    walk(schemas.config, false);
    const unhandled = [...used].filter((k) => !structural.has(k) && !HANDLED_KEYWORDS.has(k));
    expect(unhandled).toEqual([]);
  });

  it('has a plain message for every pattern', () => {
    validators(); // names the schema objects
    const patterned: string[] = [];
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      if (typeof (node as SchemaObject).pattern === 'string')
        patterned.push(schemaNameOf(node) ?? JSON.stringify(node));
      Object.values(node).forEach(walk);
    };
    // the loaded copies ajv uses are the ones named; walk those through the validators' schemas
    walk(validators().manifest.schema);
    walk(validators().config.schema);
    expect(patterned.filter((name) => !patternNames().includes(name))).toEqual([]);
    expect(patterned.length).toBeGreaterThanOrEqual(9);
  });

  it('compiles in ajv strict mode, and the editor-facing root schema agrees with the per-kind check', () => {
    const { manifest } = validators();
    for (const file of ['tickets', 'orders', 'associations', 'events']) {
      const text = readFileSync(`examples/schema/${file}.yaml`, 'utf8');
      for (const doc of parseAllDocuments(text)) expect(manifest(doc.toJS()), file).toBe(true);
    }
    expect(
      manifest({ kind: 'Properties', objectType: 'tickets', properties: [{ name: 'a', lable: 'x' }] }),
    ).toBe(false);
    expect(manifest({ kind: 'Nope' })).toBe(false);
  });
});
