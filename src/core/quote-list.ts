/** Names in prose: quoted, joined with commas and `and`, the tail counted. */
/** `'a'`, `'a' and 'b'`, `'a', 'b' and 2 more` */
export function quoteList(values: readonly string[], max = 3): string {
  const quoted = values.slice(0, max).map((v) => `'${v}'`);
  if (values.length > max) return `${quoted.join(', ')} and ${values.length - max} more`;
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}
