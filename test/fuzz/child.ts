/**
 * The process the fuzz suite runs the CLI in: started by harness.ts with a capped heap, it runs the CLI's
 * own `main` for each case the parent sends and answers with the outcome and its memory. A case that
 * crashes it (out of memory, a fatal error) ends this process, not the test runner's worker, and the
 * parent names the case (it wrote it to a file before sending it).
 */
import { runMain } from '../helpers/in-process.js';

interface Case {
  id: number;
  argv: string[];
  cwd: string;
  env: Record<string, string | undefined>;
}

process.on('message', (message: Case) => {
  // the harness's own test: a child that dies on a case, as one out of memory would
  if (message.env.FUZZ_CHILD_DIES === '1') process.abort();
  void runMain(message.argv, { cwd: message.cwd, env: message.env }).then(
    (outcome) => process.send?.({ id: message.id, outcome, rss: process.memoryUsage().rss }),
    (error: unknown) => process.send?.({ id: message.id, failed: String((error as Error)?.stack ?? error) }),
  );
});
process.send?.({ ready: true });
