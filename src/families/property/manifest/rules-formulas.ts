/**
 * Formula references (syntax in `../formula.ts`): each name must be a property of the same object
 * type that the manifests declare (or a built-in `hs_` one), not one they archive; calculated
 * properties must not refer to each other in a cycle.
 */
import { depthFirst } from '../../../core/graph.js';
import { at, must } from '../../../core/must.js';
import type { DiagnosticSink } from '../../../core/source/diagnostics.js';
import { analyseFormula } from '../formula.js';
import { canonicalObjectType } from '../../../engine/model/object-types.js';
import { report } from '../../../engine/manifest/rules/context.js';
import type { Rule } from '../../../engine/manifest/rules/context.js';
import type { PropertyItem } from './declarations.js';
import { propertyItems } from './declarations.js';
import { declarationsOf } from '../../../engine/manifest/model/declarations.js';
import type { PropertyDeclarations } from './declarations.js';
import { OBJECTS } from '../model.js';

type Graph = Map<string, { item: PropertyItem; references: string[] }>;

export const formulaReferencesRule: Rule = ({ items, model, sink }) => {
  /** per object type: calculated property -> the names its formula refers to */
  const graphs = new Map<string, Graph>();
  for (const item of propertyItems(items)) {
    const { entry, ref, objectType } = item;
    if (
      entry.archived ||
      entry.calculationFormula === undefined ||
      entry.fieldType !== 'calculation_equation'
    )
      continue;
    const analysis = analyseFormula(entry.calculationFormula);
    if (!analysis.ok) {
      report(sink, ref, ['calculationFormula'], {
        code: 'FORMULA_SYNTAX',
        message: `the formula of '${entry.name}' cannot be read: ${analysis.message}`,
      });
      continue;
    }
    const typeKey = canonicalObjectType(objectType);
    const declared = declarationsOf<PropertyDeclarations>(model, OBJECTS.family).properties.get(typeKey);
    const references: string[] = [];
    for (const { name } of analysis.references) {
      if (references.includes(name)) continue;
      references.push(name);
      const target = declared?.get(name);
      if (target?.archived) {
        report(sink, ref, ['calculationFormula'], {
          code: 'FORMULA_ARCHIVED_PROPERTY',
          message: `the formula of '${entry.name}' refers to '${name}', which the manifests archive`,
          hint: 'change the formula, or keep the property',
        });
      } else if (!target && !name.startsWith('hs_')) {
        report(sink, ref, ['calculationFormula'], {
          code: 'FORMULA_UNKNOWN_PROPERTY',
          message: `the formula of '${entry.name}' refers to '${name}', which no manifest declares for ${typeKey}`,
          hint: 'check the spelling, or declare the property; a formula may refer to declared properties and built-in hs_ ones',
        });
      }
    }
    let graph = graphs.get(typeKey);
    if (!graph) {
      graph = new Map();
      graphs.set(typeKey, graph);
    }
    graph.set(entry.name, { item, references });
  }
  for (const graph of graphs.values()) reportCycles(graph, sink);
};

/** Depth-first search over calculated properties; each cycle is reported once, at its first member. */
function reportCycles(graph: Graph, sink: DiagnosticSink): void {
  depthFirst(graph.keys(), (name) => (graph.get(name)?.references ?? []).filter((next) => graph.has(next)), {
    cycle: (cycle) => {
      const { ref } = must(graph.get(at(cycle, 0)), 'a cycle member').item;
      report(sink, ref, ['calculationFormula'], {
        code: 'FORMULA_CYCLE',
        message: `calculated properties refer to each other in a cycle: ${cycle.join(' -> ')}`,
        hint: 'a formula cannot depend, directly or not, on its own property',
      });
    },
  });
}
