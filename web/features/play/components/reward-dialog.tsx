// The Peak, Mine and How Many dialogs: a form, then the result, then close (which refetches rewards). The dialog
// itself lives in reward-dialog-panel.tsx, loaded on demand.
import { useQueryClient } from '@tanstack/react-query';
import { cloneElement, lazy, Suspense, useRef, useState, type ComponentProps, type ReactElement } from 'react';
import type {
  NumberLimitsDto,
  RewardTypeDto,
  UseHowManyResponse,
  UseMineResponse,
  UsePeakResponse,
} from '../../../../server/contract.ts';
import { applyHowMany, applyMine, applyPeak } from '../api/apply-reward.ts';
import { checkMineNumber, checkPeakNumber, type NumberCheck } from '../entry-form.ts';
import { rewardKeys } from '../../../api/query-keys.ts';

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

const loadPanel = () => import('./reward-dialog-panel.tsx');
const RewardDialogPanel = lazy(() => loadPanel().then((m) => ({ default: m.RewardDialogPanel })));

/**
 * The trigger button and, once it is first used, the dialog. The dialog's code (Radix) is fetched when the player
 * points at, touches or focuses the button, so it is usually in by the click; until then nothing is drawn, and the
 * dialog, an overlay, moves nothing when it appears.
 */
interface RewardDialogProps {
  type: RewardTypeDto;
  /** How many of this reward the player holds: with none, the dialog says how to earn one instead of a form. */
  available: number;
  /** The server's "how to earn" text for this reward ('' when it has none). */
  howToEarn: string;
  /** The open game's number limits and messages (GET /api/game/today). */
  limits: NumberLimitsDto;
  trigger: ReactElement<ComponentProps<'button'>>;
}

export function RewardDialog({ type, available, howToEarn, limits, trigger }: RewardDialogProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) void queryClient.invalidateQueries({ queryKey: rewardKeys.mine() });
  };
  const preload = () => void loadPanel();
  const button = cloneElement(trigger, {
    ref: triggerRef,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    onPointerEnter: preload,
    onTouchStart: preload,
    onFocus: preload,
    onClick: (event) => {
      trigger.props.onClick?.(event);
      setUsed(true);
      onOpenChange(true);
    },
  });
  return (
    <>
      {button}
      {used && (
        <Suspense fallback={null}>
          <RewardDialogPanel
            type={type}
            available={available}
            howToEarn={howToEarn}
            limits={limits}
            open={open}
            onOpenChange={onOpenChange}
            trigger={triggerRef}
          />
        </Suspense>
      )}
    </>
  );
}
