// What a phone at 360 px must hold on any screen: nothing wider than the phone, every tap target at least 44 × 44 px,
// every control's label where a player looks for it.
import type { Page } from 'playwright-core';
import { pageWidthAt360 } from './browser.ts';

/** What a player can tap that is smaller than 44 × 44 px, described; a checkbox counts with the label around it. */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], summary',
    );
    for (const target of targets) {
      if (target.closest('.sr-only') !== null) continue;
      let box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
        box = target.closest('label')?.getBoundingClientRect() ?? box;
      }
      if (box.width < 44 || box.height < 44) {
        const name =
          (target.textContent ?? '').trim() || target.getAttribute('aria-label') || target.getAttribute('type') || '';
        found.push(
          `${target.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  });
}

/**
 * Controls whose label does not sit where a player looks for it: a button's text more than 3 px from the middle of
 * its height (a link drawn as a button does not centre it by itself), a checkbox on a line apart from its text.
 */
export function misplacedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const textBox = (element: Element): DOMRect => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect();
    };
    for (const button of document.querySelectorAll<HTMLElement>('.btn')) {
      const box = button.getBoundingClientRect();
      const text = textBox(button);
      if (box.height === 0 || text.height === 0) continue;
      const off = text.top + text.height / 2 - (box.top + box.height / 2);
      if (Math.abs(off) > 3)
        found.push(
          `${button.tagName.toLowerCase()} "${(button.textContent ?? '').trim().slice(0, 40)}" text ${Math.round(off)} px off centre`,
        );
    }
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'label > input[type="checkbox"], label > input[type="radio"]',
    )) {
      const label = input.parentElement as HTMLElement;
      const box = input.getBoundingClientRect();
      const text = [...label.children]
        .filter((child) => child !== input)
        .map(textBox)
        .find((rect) => rect.height > 0);
      if (box.height === 0 || !text) continue;
      if (text.top >= box.bottom || text.bottom <= box.top)
        found.push(`${input.type} "${(label.textContent ?? '').trim().slice(0, 40)}" on a line apart from its text`);
    }
    return found;
  });
}

/** The screen as it stands, at 360 px: its width when wider than the phone, its tap targets that are too small, and misplaced labels. */
export async function screenProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const width = await pageWidthAt360(page);
  if (width > 360) problems.push(`${width} px wide`);
  problems.push(...(await smallTapTargets(page)), ...(await misplacedLabels(page)));
  return problems;
}
