// When the player moves to another screen, focus goes to its heading (h1), so a screen reader announces where they
// are and the next Tab starts in the new content. Moving within a screen (another date on /stats) keeps focus where
// it is. A lazy screen may show its h1 a moment later: wait for it, briefly.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const WAIT_MS = 5_000;

/** The screen a path belongs to: its first segment (/stats and /stats/2026-11-24 are one screen). */
export const screenOf = (pathname: string): string => pathname.split('/')[1] ?? '';

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

export function useHeadingFocus(main: React.RefObject<HTMLElement | null>): void {
  const screen = screenOf(useLocation().pathname);
  const first = useRef(true);
  useEffect(() => {
    // The first screen of a visit keeps the browser's own start: focus at the top of the document.
    if (first.current) {
      first.current = false;
      return;
    }
    const container = main.current;
    if (container === null) return;
    const found = container.querySelector('h1');
    if (found !== null) {
      focusHeading(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = container.querySelector('h1');
      if (heading === null) return;
      observer.disconnect();
      focusHeading(heading);
    });
    observer.observe(container, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [screen, main]);
}
