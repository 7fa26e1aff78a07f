// PREV / PAGE x OF y / NEXT under an admin table; shown only when there is more than one page.
import type { PagerView } from '../submissions-pagination.ts';

export function PagerNav({
  pager,
  label,
  onPage,
}: {
  pager: PagerView | null;
  label: string;
  onPage: (page: number) => void;
}) {
  if (pager === null || !pager.visible) return null;
  return (
    <nav className="row" aria-label={label}>
      <button
        type="button"
        className="btn btn-small"
        disabled={!pager.canPrevious}
        onClick={() => onPage(pager.previousPage)}
      >
        PREV
      </button>
      <span>{pager.label}</span>
      <button type="button" className="btn btn-small" disabled={!pager.canNext} onClick={() => onPage(pager.nextPage)}>
        NEXT
      </button>
    </nav>
  );
}
