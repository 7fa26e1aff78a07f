// Runs axe-core on rendered markup in happy-dom. Colour contrast needs real layout, so it is left to the browser tests;
// 'region' is off because the screens render here without the app shell's <main> landmark.
import axe from 'axe-core';
import { expect } from 'vitest';

export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  const found = result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
  expect(found).toEqual([]);
}
