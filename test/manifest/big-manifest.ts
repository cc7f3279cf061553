/** A manifest of `count` properties: numbers, one in ten a select of 20 options, one in ten a formula. */
export function bigManifest(count: number): string {
  const lines = [
    'kind: Properties',
    'objectType: tickets',
    'groups:',
    '  - { name: g, label: G }',
    'properties:',
  ];
  for (let i = 0; i < count; i += 1) {
    if (i % 10 === 0) {
      lines.push(
        `  - name: p${i}`,
        `    label: Property ${i}`,
        '    type: enumeration',
        '    fieldType: select',
        '    groupName: g',
        '    options:',
      );
      for (let o = 0; o < 20; o += 1)
        lines.push(`      - { label: Option ${o}, value: o${o}, displayOrder: ${o} }`);
    } else if (i % 10 === 1) {
      lines.push(
        `  - { name: p${i}, label: P${i}, type: number, fieldType: calculation_equation, groupName: g, calculationFormula: 'p${i + 1} * 2 + p${i + 2}' }`,
      );
    } else {
      lines.push(
        `  - { name: p${i}, label: P${i}, type: number, fieldType: number, groupName: g, description: 'Number ${i}' }`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
