/** Scenarios on the example project (examples/) as it is in the repository. */
import { join } from 'node:path';
import { copyExamples, localRun, newFolder } from '../scenario-kit.js';
import type { Scenario } from '../scenario.js';

/** A copy of examples/ in an empty folder, the commands run from that folder. */
async function examplesBeside() {
  const dir = await newFolder();
  await copyExamples(join(dir, 'examples'));
  return localRun(dir);
}

export const tour: Scenario = {
  description:
    "The README's tour: a copy of examples/ in an empty folder, the commands run from that folder, in page order (--local keeps its state there).",
  start: examplesBeside,
};

export const examples: Scenario = {
  description: 'A copy of examples/ in an empty folder, the commands run from that folder.',
  start: examplesBeside,
};

export const exampleProject: Scenario = {
  description: 'The example project (a copy of examples/) as the current folder, with no token variable set.',
  async start() {
    const dir = await newFolder();
    await copyExamples(dir);
    return localRun(dir);
  },
};
