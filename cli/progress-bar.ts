// A one-line progress bar for long work (bots, seed-demo), drawn only on a terminal and erased when done.

export interface Progress {
  /** Advances by `steps` (default 1) and shows `note` beside the bar. */
  tick(steps?: number, note?: string): void;
  done(): void;
}

export const silentProgress: Progress = {
  tick: () => undefined,
  done: () => undefined,
};

/** The slice of a TTY stream the bar needs. */
export interface BarStream {
  write(text: string): boolean;
  columns?: number;
}

const ERASE_LINE = '\r\x1b[2K';

export class ProgressBar implements Progress {
  readonly #stream: BarStream;
  readonly #label: string;
  readonly #total: number;
  #current = 0;

  constructor(stream: BarStream, label: string, total: number) {
    this.#stream = stream;
    this.#label = label;
    this.#total = Math.max(1, total);
    this.#draw('');
  }

  tick(steps = 1, note = ''): void {
    this.#current = Math.min(this.#total, this.#current + steps);
    this.#draw(note);
  }

  done(): void {
    this.#stream.write(ERASE_LINE);
  }

  #draw(note: string): void {
    this.#stream.write(
      ERASE_LINE + renderBar(this.#label, this.#current, this.#total, note, this.#stream.columns || 80),
    );
  }
}

/** `label [#####-----] 5/10 note`, cut to the terminal width so it never wraps. */
export const renderBar = (label: string, current: number, total: number, note: string, columns: number): string => {
  const width = 24;
  const filled = Math.round((current / total) * width);
  const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${current}/${total}${note ? ' ' + note : ''}`;
  return line.slice(0, Math.max(10, columns - 1));
};
