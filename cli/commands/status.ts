import type { Command } from '../command.ts';
import { gameResult, history } from '../../core/game/game-views.ts';
import { gameToday } from '../../core/game/current-game.ts';
import { formatMoney } from '../../core/prizes/money.ts';
import { duration, instant, keyValues } from '../format.ts';

export const statusCommand: Command = {
  name: 'status',
  args: [],
  options: {},
  summary: "Show today's game, games waiting for a close, the latest result and the player counts.",
  details: '',
  run: async ({ open }) => {
    const { deps, databaseLabel } = await open();
    const today = await gameToday(deps);
    const now = deps.clock.now().toISOString();
    // Read-only figures an operator wants; no rule is applied here.
    const figures = await deps.store.read(async (repos) => ({
      players: await repos.users.count(),
      due: (await repos.games.listDue(now)).map((g) => g.key),
      todayCounts: await repos.entries.counts(today.gameDate),
    }));
    const recent = (await history(deps, 100)).items;
    const latestClosed = recent.find((g) => g.status === 'closed') ?? null;
    const latest = latestClosed ? await gameResult(deps, latestClosed.gameDate) : null;
    const closedGames = recent.filter((g) => g.status === 'closed').length;

    const data = {
      database: databaseLabel,
      now,
      today: { ...today, entries: figures.todayCounts.totalNumbers },
      dueGames: figures.due,
      latestResult: latest,
      recentGames: recent.slice(0, 14),
      closedGamesInHistory: closedGames,
      users: figures.players.users,
      bots: figures.players.bots,
    };
    const latestLine =
      latest && latest.status === 'closed'
        ? `${latest.gameDate}: ${latest.winningNumber === null ? 'no winner' : `number ${latest.winningNumber} won by ${latest.winnerName ?? 'a deleted player'}`}` +
          `${latest.prize ? ` (${formatMoney(latest.prize.amountCents, latest.prize.currency)} ${latest.prize.prizeType})` : ''}, ${latest.entriesTotal} entries`
        : null;
    const text = keyValues([
      ['Database', databaseLabel],
      ["Today's game", `${today.gameDate} ${today.effectiveStatus.toUpperCase()}`],
      ['Closes', `${instant(today.closesAtISO)} (in ${duration(today.msUntilClose)})`],
      ['Entries so far', figures.todayCounts.totalNumbers],
      ['Waiting to close', figures.due.length === 0 ? 'none' : `${figures.due.join(', ')} (run: lowest close)`],
      ['Latest result', latestLine ?? 'no closed game yet'],
      ['Closed games', closedGames],
      ['Players', `${figures.players.users - figures.players.bots} (plus ${figures.players.bots} bots)`],
    ]);
    return { data, text };
  },
};
