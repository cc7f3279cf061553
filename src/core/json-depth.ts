/**
 * The nesting depth of a parsed JSON value, measured without recursion and given up past `max`: a file
 * nested thousands of levels deep (every legitimate document here is a dozen levels at most) is refused
 * before code that walks it recursively could exhaust the call stack.
 */
export function jsonDepthExceeds(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { value: current, depth } = top;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return true;
    for (const member of Array.isArray(current) ? current : Object.values(current))
      if (typeof member === 'object' && member !== null) stack.push({ value: member, depth: depth + 1 });
  }
  return false;
}
