import { describe, expect, it } from 'vitest';
import { ProgressBar, renderBar } from '../../cli/progress-bar.ts';

describe('progress bar', () => {
  it('draws the share done, the count and a note', () => {
    expect(renderBar('Seeding', 5, 10, '2026-11-20', 80)).toBe('Seeding [############------------] 5/10 2026-11-20');
    expect(renderBar('Seeding', 0, 4, '', 80)).toBe('Seeding [------------------------] 0/4');
  });

  it('never wraps on a narrow terminal', () => {
    expect(renderBar('A long label for the bar', 1, 2, 'note', 20)).toHaveLength(19);
  });

  it('redraws in place and erases itself when done', () => {
    const writes: string[] = [];
    const bar = new ProgressBar({ write: (t) => writes.push(t) > 0, columns: 80 }, 'Work', 2);
    bar.tick();
    bar.tick(5);
    bar.done();
    expect(writes.map((w) => w.replace('\r\x1b[2K', ''))).toEqual([
      'Work [------------------------] 0/2',
      'Work [############------------] 1/2',
      'Work [########################] 2/2',
      '',
    ]);
  });
});
