// BOTS: create bot submissions for today's game or clear them, each after a confirmation (spec-2 §2, §5).
import { useState, type FormEvent } from 'react';
import { botRequestProblem, MAX_BOTS } from '../../../../core/bots/bot-fields.ts';
import type { CreateBotsRequest } from '../../../../server/routes/admin.schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useCreateBots } from '../api/create-bots.ts';
import { useDeleteBots } from '../api/delete-bots.ts';
import { botDefaults, botPreview } from '../bot-form.ts';

type BotField = keyof CreateBotsRequest;

const fields: { name: BotField; label: string; min: number; max?: number }[] = [
  { name: 'botCount', label: 'Number of bots', min: 1, max: MAX_BOTS },
  { name: 'bonusCount', label: 'Bonus entries', min: 0 },
  { name: 'minNumber', label: 'Min number', min: 1 },
  { name: 'maxNumber', label: 'Max number', min: 1 },
];

function toText(form: CreateBotsRequest): Record<BotField, string> {
  return {
    botCount: String(form.botCount),
    bonusCount: String(form.bonusCount),
    minNumber: String(form.minNumber),
    maxNumber: String(form.maxNumber),
  };
}

export function BotsTab() {
  const [text, setText] = useState(toText(botDefaults));
  const [confirming, setConfirming] = useState<'create' | 'clear' | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const create = useCreateBots();
  const clear = useDeleteBots();
  const { toast } = useToast();
  // Empty inputs become NaN, which the validation reports as out of range.
  const form: CreateBotsRequest = {
    botCount: text.botCount.trim() === '' ? Number.NaN : Number(text.botCount),
    bonusCount: text.bonusCount.trim() === '' ? Number.NaN : Number(text.bonusCount),
    minNumber: text.minNumber.trim() === '' ? Number.NaN : Number(text.minNumber),
    maxNumber: text.maxNumber.trim() === '' ? Number.NaN : Number(text.maxNumber),
  };
  const busy = create.isPending || clear.isPending;

  const askCreate = (event: FormEvent) => {
    event.preventDefault();
    const error = botRequestProblem(form);
    if (error !== null) {
      toast({ title: 'Invalid Input', description: error, variant: 'destructive' });
      return;
    }
    setConfirming('create');
  };
  const confirmCreate = () => {
    create.mutate(form, {
      onSuccess: (answer) => {
        const line = `Created ${answer.botsCreated} bots and ${answer.submissionsCreated} submissions for ${answer.gameDate}.`;
        setResult(line);
        toast({ title: 'Bots Created', description: line });
      },
      onError: (error) =>
        toast({
          title: 'Bot Creation Failed',
          description: messageOf(error, 'Failed to create bot submissions'),
          variant: 'destructive',
        }),
      onSettled: () => setConfirming(null),
    });
  };
  const confirmClear = () => {
    clear.mutate(undefined, {
      onSuccess: (answer) => {
        const line = `Deleted ${answer.deletedSubmissions} submissions and ${answer.deletedBonusEntries} bonus entries; ${answer.botUsersPreserved} bot users kept.`;
        setResult(line);
        toast({ title: 'Bots Cleared', description: line });
      },
      onError: (error) =>
        toast({
          title: 'Bot Deletion Failed',
          description: messageOf(error, 'Failed to delete bot submissions'),
          variant: 'destructive',
        }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div className="stack">
      <form className="card stack" onSubmit={askCreate} noValidate aria-labelledby="bot-form-title">
        <h3 id="bot-form-title" className="card-title">
          BOT SUBMISSIONS
        </h3>
        <div className="grid">
          {fields.map((field) => (
            <div className="field" key={field.name}>
              <label htmlFor={`bots-${field.name}`}>{field.label}</label>
              <input
                id={`bots-${field.name}`}
                className="input"
                type="number"
                step="1"
                min={field.min}
                max={field.max}
                value={text[field.name]}
                onChange={(event) => setText((previous) => ({ ...previous, [field.name]: event.target.value }))}
              />
            </div>
          ))}
        </div>
        <p className="notice">{botPreview(form.botCount, form.bonusCount)}</p>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {create.isPending ? 'CREATING...' : 'CREATE BOTS'}
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setConfirming('clear')}>
            {clear.isPending ? 'CLEARING...' : 'CLEAR BOTS'}
          </button>
        </div>
      </form>
      {result !== null && (
        <p className="card" role="status">
          {result}
        </p>
      )}
      <aside className="card">
        <p>
          Bot users are all named 'Bot Player' and have e-mail addresses on the bots.lowest.invalid domain; they are
          reused from day to day. Bots build statistics like real players: their entries count in results, streaks and
          leaderboards.
        </p>
      </aside>
      <ConfirmDialog
        open={confirming === 'create'}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirming(null);
        }}
        title="CREATE BOTS?"
        description={`Create bot submissions for today's game: ${botPreview(form.botCount, form.bonusCount)}, numbers ${form.minNumber}-${form.maxNumber}?`}
        confirmLabel="CREATE BOTS"
        pendingLabel="CREATING..."
        pending={create.isPending}
        onConfirm={confirmCreate}
      />
      <ConfirmDialog
        open={confirming === 'clear'}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirming(null);
        }}
        title="CLEAR BOTS?"
        description="Delete every bot submission and bot bonus entry of today's game? The bot users are kept."
        confirmLabel="CLEAR BOTS"
        pendingLabel="CLEARING..."
        pending={clear.isPending}
        destructive
        onConfirm={confirmClear}
      />
    </div>
  );
}
