/**
 * Where `init` asks its questions: a person at a terminal. The command opens one on the process's
 * standard input and error when standard input is a terminal; tests open one on streams of their own.
 * Without one, init asks nothing and needs its answers as flags.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface Terminal {
  /** writes `question` and resolves with the line answered ('' when the input ends first) */
  ask(question: string): Promise<string>;
  /** writes text for the person (nothing is added) */
  say(text: string): void;
}

export interface OpenTerminal extends Terminal {
  close(): void;
}

export function openTerminal(input: Readable, output: Writable): OpenTerminal {
  const rl = createInterface({ input, output, terminal: false });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let ended = false;
  rl.on('line', (line) => {
    const next = waiting.shift();
    if (next === undefined) lines.push(line);
    else next(line);
  });
  rl.on('close', () => {
    ended = true;
    for (const next of waiting.splice(0)) next('');
  });
  return {
    ask(question) {
      output.write(question);
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended) return Promise.resolve('');
      return new Promise((resolve) => waiting.push(resolve));
    },
    say(text) {
      output.write(text);
    },
    close() {
      rl.close();
    },
  };
}
