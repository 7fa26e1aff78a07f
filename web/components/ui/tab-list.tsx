// A WAI-ARIA tab list: one tab in the Tab order (the selected one); arrow keys, Home and End move and select.
import type { KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabListProps<T extends string> {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of each tab's id; see tabElementId. */
  idPrefix: string;
  /** The id of the panel the tabs control. */
  panelId: string;
  className?: string;
}

/** The DOM id of one tab, for a panel's aria-labelledby. */
export function tabElementId(idPrefix: string, id: string): string {
  return `${idPrefix}-${id}`;
}

/** The index a key moves to in a list of `count` tabs, or null for keys the tab list ignores. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  panelId,
  className = 'tabs',
}: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTabIndex(event.key, index, tabs.length);
    const target = next === null ? undefined : tabs[next];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target.id);
    // Selection follows focus (automatic activation): the panels here are cheap to show.
    event.currentTarget.ownerDocument.getElementById(tabElementId(idPrefix, target.id))?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={tabElementId(idPrefix, tab.id)}
          className="tab"
          aria-selected={tab.id === selected}
          aria-controls={panelId}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
