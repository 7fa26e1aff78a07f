// The resolution of a game (DESIGN.md §6) over items that arrive in tree order, without holding them all: the
// winner and runner-up depend only on, per number, whether one entry or several carry it and whether it is mined,
// and only on the lowest two unique numbers. So each number keeps at most two entries and one mine, and nothing is
// kept once two unique numbers are complete; core's resolveItems then resolves what was kept.
import type { TreeItem } from '../../core/fairness/model.ts';
import { resolveItems } from '../../core/fairness/tree-v2-proofs.ts';
import { isUnique } from '../../core/game/winning-rule.ts';

export class StreamingResolution {
  readonly #kept: TreeItem[] = [];
  #number: number | null = null;
  #entries = 0;
  #mines = 0;
  #uniques = 0;

  /** Items must come in ascending number order (the caller checks tree order first). */
  push(item: TreeItem): void {
    if (this.#uniques >= 2) return;
    if (item.number !== this.#number) {
      this.#endNumber();
      if (this.#uniques >= 2) return;
      this.#number = item.number;
    }
    if (item.kind === 'entry' ? this.#entries++ < 2 : this.#mines++ < 1) this.#kept.push(item);
  }

  /** Items held now: at most three per distinct number below the runner-up's. */
  get kept(): number {
    return this.#kept.length;
  }

  result(): ReturnType<typeof resolveItems> {
    return resolveItems(this.#kept);
  }

  #endNumber(): void {
    if (this.#number !== null && isUnique(this.#entries, this.#mines > 0)) this.#uniques += 1;
    this.#entries = 0;
    this.#mines = 0;
  }
}
