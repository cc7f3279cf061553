/**
 * `crm-schema graph`: the association graph as a Mermaid flowchart: the object types the manifests name
 * with their label pairs (both directions' texts) and limits, from the manifests, or from the live
 * account with `--live` (the pairs the manifests name, read as plan reads them).
 */
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { outputFlags, targetFlags } from '../cli/common-flags.js';
import {
  graphOfEdges,
  mergeGraphs,
  orientLike,
  type AssociationGraph,
} from '../engine/graph/association-graph.js';
import { families } from '../engine/installed.js';
import type { SchemaState } from '../engine/model/schema-model.js';
import { renderMermaid } from '../engine/graph/mermaid.js';
import { readLiveState } from '../engine/live/read-live.js';
import { emptyScope, scopePart } from '../engine/live/scope.js';
import { escapeJsonText } from '../engine/render/common/safe-text.js';

export default class Graph extends CrmCommand {
  static override summary =
    'Print the association graph (object types, label pairs, limits) as a Mermaid diagram.';

  static override description =
    'From the manifests, or with --live from the account (the pairs the manifests name). Each label pair is one ' +
    "edge with both directions' texts and their limits; a limit on a platform type is an edge of its own. " +
    '--format markdown wraps the diagram in a mermaid code block, which pull request pages draw. Exit 0; 1 on an error.';

  static override examples = [
    '<%= config.bin %> graph',
    '<%= config.bin %> graph --live --env production --format markdown',
  ];

  static override flags = {
    ...targetFlags,
    live: Flags.boolean({
      summary: 'Read the label pairs and limits from the account instead of the manifests.',
      default: false,
    }),
    format: Flags.option({
      summary: 'mermaid: the diagram alone; markdown: in a mermaid code block.',
      options: ['mermaid', 'markdown'] as const,
      default: 'mermaid' as const,
    })(),
    json: outputFlags.json,
  };

  static override enableJsonFlag = true;

  protected override renderJson(graph: AssociationGraph): string {
    return escapeJsonText(JSON.stringify(graph, null, 2));
  }

  async run(): Promise<AssociationGraph> {
    const { flags } = await this.parse(Graph);
    const output = this.output(flags);
    const project = await this.loadProject(flags, output);
    const drawn = families().filter((family) => family.graph !== undefined);
    const ofState = (state: SchemaState) =>
      mergeGraphs(drawn.map((family) => family.graph?.ofState(state) ?? graphOfEdges([])));
    let graph = ofState(project.desired.state);
    if (flags.live) {
      const target = this.resolveTarget(flags, project);
      const scope = emptyScope();
      for (const family of drawn) family.graph?.readScope(project.desired, scopePart(scope, family));
      const declared = graph;
      // each label pair drawn from the side the manifests declare it on
      graph = await this.withSession(target, flags, output, async (session) =>
        orientLike(ofState(await readLiveState(session.client, scope)), declared),
      );
    }
    if (!this.jsonEnabled()) {
      const diagram = renderMermaid(graph);
      output.out(flags.format === 'markdown' ? `\`\`\`mermaid\n${diagram}\`\`\`\n` : diagram);
    }
    return graph;
  }
}
