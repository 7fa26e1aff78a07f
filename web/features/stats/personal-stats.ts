// The personal "game story" of one of the player's entries, derived on the client from the daily stats (spec-1 §3, §4).
import type { EntryDto, SnapshotDto } from '../../../server/contract.ts';

export type PersonalStatus = 'winner' | 'runner_up' | 'unique' | 'duplicate';

export interface PersonalStats {
  userNumber: number;
  entryType: EntryDto['entryType'];
  rank: number;
  /** Entries in the game (each entry is one pick by one player). */
  totalPlayers: number;
  isUnique: boolean;
  /** How many other entries picked the same number. */
  duplicateCount: number;
  /** userNumber minus the winning number; null with no winner. */
  distanceToWin: number | null;
  distanceToSecondPlace: number | null;
  status: PersonalStatus;
  isMined: boolean;
  personalMessage: string;
}

type Histogram = readonly { number: number; count: number }[];

export function derivePersonalStats(snapshot: SnapshotDto, histogram: Histogram, entry: Pick<EntryDto, 'number' | 'entryType'>): PersonalStats {
  const userNumber = entry.number;
  const mined = new Set(snapshot.minedNumbers);
  const isMined = mined.has(userNumber);
  // A number missing from a truncated histogram was still picked at least once: by this player.
  const count = histogram.find((row) => row.number === userNumber)?.count ?? 1;
  const isUnique = count === 1 && !isMined;

  let status: PersonalStatus;
  if (snapshot.winningNumber !== null && userNumber === snapshot.winningNumber) status = 'winner';
  else if (snapshot.secondPlaceNumber !== null && userNumber === snapshot.secondPlaceNumber) status = 'runner_up';
  else status = isUnique ? 'unique' : 'duplicate';

  const uniqueNumbers = histogram
    .filter((row) => row.count === 1 && !mined.has(row.number))
    .map((row) => row.number)
    .sort((a, b) => a - b);
  let rank: number;
  if (status === 'winner') rank = 1;
  else if (status === 'runner_up') rank = 2;
  else if (isUnique) {
    const position = uniqueNumbers.indexOf(userNumber);
    // Outside a truncated histogram: every listed unique number is lower.
    rank = (position === -1 ? uniqueNumbers.length : position) + 1;
  } else rank = Math.max(snapshot.uniquesTotal, uniqueNumbers.length) + 1;

  const distanceToWin = snapshot.winningNumber === null ? null : userNumber - snapshot.winningNumber;
  const distanceToSecondPlace = snapshot.secondPlaceNumber === null ? null : userNumber - snapshot.secondPlaceNumber;
  const duplicateCount = Math.max(0, count - 1);

  return {
    userNumber,
    entryType: entry.entryType,
    rank,
    totalPlayers: snapshot.entriesTotal,
    isUnique,
    duplicateCount,
    distanceToWin,
    distanceToSecondPlace,
    status,
    isMined,
    personalMessage: personalMessage(status, userNumber, snapshot.winningNumber, duplicateCount, isMined),
  };
}

function personalMessage(status: PersonalStatus, userNumber: number, winningNumber: number | null, duplicateCount: number, isMined: boolean): string {
  switch (status) {
    case 'winner':
      return `YOU WON! ${userNumber} was the lowest unique number.`;
    case 'runner_up':
      return `So close! ${userNumber} was the second lowest unique number, just behind ${winningNumber ?? '?'}.`;
    case 'unique':
      return winningNumber === null
        ? `${userNumber} was unique.`
        : `${userNumber} was unique, but ${winningNumber} was lower.`;
    case 'duplicate':
      if (isMined) return `${userNumber} was mined: every pick of it was knocked out.`;
      return `${userNumber} was also picked by ${duplicateCount} other ${duplicateCount === 1 ? 'entry' : 'entries'}.`;
  }
}

/** '1st', '2nd', '3rd', '4th', '11th', '22nd' … */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
