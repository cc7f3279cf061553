/** A document's YAML tree is released once its entries are collected; locations stay exact. */
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../src/core/source/diagnostics.js';
import { propertyItems } from '../../src/families/property/manifest/declarations.js';
import { at, emptyItems } from '../../src/engine/manifest/model/items.js';
import { collectItems } from '../../src/engine/manifest/collect-items.js';
import { locate } from '../../src/core/source/locate.js';
import { parseYaml } from '../../src/core/source/parse-yaml.js';
import { checkManifestShape } from '../../src/engine/manifest/schema/shape.js';
import { validateSources } from '../../src/engine/manifest/validate.js';
import { brief } from './helpers.js';

const TEXT = `kind: Properties
objectType: tickets
properties:
  - name: severity
    label: Severity
    groupName: ticketinformation
    type: enumeration
    fieldType: select
    options:
      - { label: Low, value: low }
      - { label: High, value: high }
---
kind: Properties
objectType: deals
properties:
  - name: tier
    label: Tier
    groupName: dealinformation
    type: string
    fieldType: text
`;

describe('releasing the YAML tree', () => {
  it('gives the same locations after release, read from the entry or by parsing the text again', () => {
    const sink = new DiagnosticSink();
    const documents = parseYaml({ file: 'a.yaml', text: TEXT }, sink);
    const deep = ['properties', 0, 'options', 1, 'value'] as const;
    const before = documents.map((d) => ({
      entry: locate(d, ['properties', 0]),
      label: locate(d, ['properties', 0, 'label']),
      deep: locate(d, [...deep]),
    }));
    const items = emptyItems();
    for (const document of documents) {
      collectItems(document, checkManifestShape(document, sink), items);
      expect(document.treeInMemory).toBe(true);
      document.release();
    }
    expect(sink.items).toEqual([]);
    // every document of the file gave its tree up: the trees are gone
    expect(documents.map((d) => d.treeInMemory)).toEqual([false, false]);
    const [severity, tier] = propertyItems(items);
    // the entry and its keys: read before the release, no parse needed
    expect(at(severity!.ref)).toEqual(before[0]!.entry);
    expect(at(severity!.ref, 'label')).toEqual({ file: 'a.yaml', line: 5, col: 12 });
    expect(at(tier!.ref, 'label')).toEqual(before[1]!.label);
    expect(at(tier!.ref, 'label')).toEqual({ file: 'a.yaml', line: 17, col: 12 });
    // a key the entry does not have is located at the entry, as locate() does
    expect(at(tier!.ref, 'description')).toEqual(before[1]!.entry);
    expect(documents.map((d) => d.treeInMemory)).toEqual([false, false]);
    // deeper paths parse the text again, once for the whole file
    expect(at(severity!.ref, 'options', 1, 'value')).toEqual(before[0]!.deep);
    expect(at(severity!.ref, 'options', 1, 'value')).toEqual({ file: 'a.yaml', line: 11, col: 31 });
    expect(documents.map((d) => d.treeInMemory)).toEqual([true, true]);
    expect(locate(documents[1]!, ['properties', 0, 'type'])).toEqual({ file: 'a.yaml', line: 19, col: 11 });
  });

  it('reports problems found after the release at their place', () => {
    const report = validateSources([
      {
        file: 'b.yaml',
        text: TEXT.replace('{ label: High, value: high }', '{ label: High, value: low }'),
      },
    ]);
    expect(brief(report)).toContainEqual(expect.stringMatching(/^b\.yaml:11:\d+ error /));
  });
});
