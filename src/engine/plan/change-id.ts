/** Unique within a plan: `label.create tickets->orders:Primary order`. `dependsOn` lists these. */
export function changeId(type: string, address: string): string {
  return `${type} ${address}`;
}
