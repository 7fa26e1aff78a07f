// The Peak, Mine and How Many dialogs: a form, then the result, then close (which refetches rewards). The dialog
// itself lives in reward-dialog-panel.tsx, loaded on demand.
import { useQueryClient } from '@tanstack/react-query';
import { cloneElement, lazy, Suspense, useRef, useState, type ComponentProps, type ReactElement } from 'react';
import type { NumberLimitsDto } from '../../../../server/routes/game.schemas.ts';
import type { RewardTypeDto } from '../../../../server/routes/rewards.schemas.ts';
import { rewardKeys } from '../../../api/query-keys.ts';

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
