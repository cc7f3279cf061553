/**
 * `crm-schema graph`: the association graph as a Mermaid flowchart: the object types the manifests name
 * with their label pairs (both directions' texts) and limits, from the manifests, or from the live
 * account with `--live` (the pairs the manifests name, read as plan reads them).
 */
import { Flags } from '@oclif/core';
import { CrmCommand } from '../cli/base-command.js';
import { outputFlags, targetFlags } from '../cli/common-flags.js';
import { graphOfState, orientLike, type AssociationGraph } from '../graph/association-graph.js';
import { renderMermaid } from '../graph/mermaid.js';
import { readLiveState } from '../live/read-live.js';
import { emptyScope } from '../live/scope.js';
import { escapeJsonText } from '../render/common/safe-text.js';

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
    let graph = graphOfState(project.desired.state);
    if (flags.live) {
      const target = this.resolveTarget(flags, project);
      const scope = emptyScope();
      for (const [key, pair] of project.desired.state.associations)
        scope.pairs.set(key, { from: pair.from, to: pair.to, inverse: true });
      const declared = graph;
      // each label pair drawn from the side the manifests declare it on
      graph = await this.withSession(target, flags, output, async (session) =>
        orientLike(graphOfState(await readLiveState(session.client, scope)), declared),
      );
    }
    if (!this.jsonEnabled()) {
      const diagram = renderMermaid(graph);
      output.out(flags.format === 'markdown' ? `\`\`\`mermaid\n${diagram}\`\`\`\n` : diagram);
    }
    return graph;
  }
}
