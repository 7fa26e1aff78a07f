// What each reward's dialog says and does (Peak, Mine, How Many): read by the trigger in reward-dialog.tsx and by the
// dialog itself in reward-dialog-panel.tsx, its own chunk.
import type { NumberLimitsDto } from '../../../../server/routes/game.schemas.ts';
import type {
  UseHowManyResponse,
  UseMineResponse,
  UsePeakResponse,
} from '../../../../server/routes/gameplay.schemas.ts';
import type { RewardTypeDto } from '../../../../server/routes/rewards.schemas.ts';
import { applyHowMany, applyMine, applyPeak } from '../api/apply-reward.ts';
import { checkMineNumber, checkPeakNumber, type NumberCheck } from '../entry-form.ts';

export type RewardResult =
  | { kind: 'peak'; number: number; data: UsePeakResponse }
  | { kind: 'mine'; data: UseMineResponse }
  | { kind: 'how_many'; data: UseHowManyResponse };

interface RewardSpec {
  title: string;
  /** What the reward does, with the server's limits where it names one. */
  explanation: (limits: NumberLimitsDto) => string;
  /** The number check against the server's limits, or null when the reward takes no input. */
  check: ((raw: string, limits: NumberLimitsDto) => NumberCheck) | null;
  actionLabel: string;
  pendingLabel: string;
  fallbackError: string;
  run: (number: number) => Promise<RewardResult>;
}

export const rewardSpecs: Record<RewardTypeDto, RewardSpec> = {
  peak: {
    title: 'PEAK',
    explanation: () => 'Peek at one number: find out whether anyone has already picked it today.',
    check: checkPeakNumber,
    actionLabel: 'PEAK AT NUMBER',
    pendingLabel: 'PEAKING…',
    fallbackError: 'Failed to use Peak reward',
    run: async (number) => ({ kind: 'peak', number, data: await applyPeak(number) }),
  },
  mine: {
    title: 'MINE',
    explanation: (limits) =>
      `Lay a mine on a number of ${limits.mineMinNumber} or more: at the close every pick of it is knocked out. Once per game.`,
    check: checkMineNumber,
    actionLabel: 'LAY MINE',
    pendingLabel: 'LAYING MINE…',
    fallbackError: 'Failed to use Mine reward',
    run: async (number) => ({ kind: 'mine', data: await applyMine(number) }),
  },
  how_many: {
    title: 'HOW MANY',
    explanation: () => 'See how many numbers have been picked today and how many of them are unique so far.',
    check: null,
    actionLabel: 'REVEAL COUNTS',
    pendingLabel: 'COUNTING…',
    fallbackError: 'Failed to use How Many reward',
    run: async () => ({ kind: 'how_many', data: await applyHowMany() }),
  },
};
