// What a phone at 360 px must hold on any screen: nothing wider than the phone, every tap target at least 44 × 44 px.
import type { Page } from 'playwright-core';
import { pageWidthAt360 } from './browser.ts';

/** What a player can tap that is smaller than 44 × 44 px, described; a checkbox counts with the label around it. */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], summary');
    for (const target of targets) {
      if (target.closest('.sr-only') !== null) continue;
      let box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
        box = target.closest('label')?.getBoundingClientRect() ?? box;
      }
      if (box.width < 44 || box.height < 44) {
        const name = (target.textContent ?? '').trim() || target.getAttribute('aria-label') || target.getAttribute('type') || '';
        found.push(`${target.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  });
}

/** The screen as it stands, at 360 px: its width when wider than the phone, and its tap targets that are too small. */
export async function screenProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const width = await pageWidthAt360(page);
  if (width > 360) problems.push(`${width} px wide`);
  problems.push(...(await smallTapTargets(page)));
  return problems;
}
