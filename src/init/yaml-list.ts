/** One scalar as YAML flow text (quoted when YAML would read it otherwise). */
import { stringify } from 'yaml';

export function dump(value: string): string {
  return stringify(value, { lineWidth: 0 }).trim();
}
