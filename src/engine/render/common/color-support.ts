/** Whether output is coloured: only on a terminal, never with NO_COLOR or `--no-color`. */
export interface ColorInputs {
  /** false with `--no-color` */
  flag: boolean;
  env: NodeJS.ProcessEnv;
  isTTY: boolean | undefined;
}

export function colorEnabled({ flag, env, isTTY }: ColorInputs): boolean {
  // https://no-color.org: any non-empty value disables colour
  if (!flag || (env.NO_COLOR !== undefined && env.NO_COLOR !== '')) return false;
  return isTTY === true;
}
