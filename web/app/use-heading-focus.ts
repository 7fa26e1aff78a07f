// When the player moves to another screen, focus goes to its heading (h1), so a screen reader announces where they
// are and the next Tab starts in the new content. Moving within a screen (another date on /stats) keeps focus where
// it is. A lazy screen may show its h1 a moment later, or replace its loading heading: follow it, briefly.
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

const WAIT_MS = 5_000;

/** The screen a path belongs to: its first segment (/stats and /stats/2026-11-24 are one screen). */
export const screenOf = (pathname: string): string => pathname.split('/')[1] ?? '';

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const screen = screenOf(useLocation().pathname);
  // The first screen of a visit keeps the browser's own start: focus at the top of the document.
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    const container = main.current;
    if (container === null) return;
    // A loading state's heading gives way to the loaded screen's: focus follows it while nothing else took focus.
    let focused: HTMLElement | null = null;
    const follow = () => {
      const heading = container.querySelector('h1');
      if (heading === null || heading === focused) return;
      const lost =
        document.activeElement === null ||
        document.activeElement === document.body ||
        document.activeElement === focused;
      if (focused !== null && (focused.isConnected || !lost)) return;
      focused = heading;
      focusHeading(heading);
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(container, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [screen, main]);
}
