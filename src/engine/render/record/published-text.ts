/** What `history --push` did, in one or two lines. */
import { neutralize } from '../../../core/control-chars.js';
import { countOf } from '../../../core/count-text.js';
import type { PublishResult } from '../../record/publish-records.js';

export function renderPublished(result: PublishResult): string {
  const branch = neutralize(`${result.branch} on ${result.remote}`, { oneLine: true });
  const lines = [
    result.added.length === 0
      ? `Nothing to publish: ${branch} holds every record of this clone (${countOf(result.present, 'record', 'records')} there).`
      : `Published ${countOf(result.added.length, 'apply record', 'apply records')} to ${branch} (${countOf(result.total, 'record', 'records')} there now).`,
  ];
  if (result.differing.length > 0)
    lines.push(
      `Left as ${neutralize(result.remote, { oneLine: true })} has them: ${countOf(result.differing.length, 'record', 'records')} this clone holds with other contents (${result.differing
        .slice(0, 3)
        .map((id) => neutralize(id, { oneLine: true }))
        .join(
          ', ',
        )}${result.differing.length > 3 ? ', ...' : ''}). crm-schema history marks such records as not trusted.`,
    );
  return `${lines.join('\n')}\n`;
}
