/** The record store of the project a command works on: its record folder and its records branch. */
import type { ProjectConfig } from '../engine/manifest/project/config.js';
import { recordFolder } from '../engine/record/record-file.js';
import { recordStore, type RecordStore } from '../engine/record/record-store.js';

export async function projectRecordStore(
  config: Pick<ProjectConfig, 'dir' | 'applyRecords' | 'recordsBranch'>,
): Promise<RecordStore> {
  const folder = await recordFolder(config.dir, config.applyRecords);
  return recordStore(config.dir, folder, config.recordsBranch);
}
