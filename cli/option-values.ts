// Turns option strings into typed values. A value of the wrong shape is bad usage (exit 2); whether a
// well-formed value is allowed is for the use case to say, with the admin panel's messages.
import { UsageError, usageLine, type Command } from './command.ts';

type Values = Record<string, string | boolean | undefined>;

export const numberOption = (command: Command, values: Values, name: string, fallback: number): number => {
  const raw = values[name];
  if (raw === undefined || typeof raw === 'boolean') return fallback;
  if (!/^-?\d+$/.test(raw.trim()))
    throw new UsageError(`--${name} expects a whole number, got '${raw}'.`, usageLine(command));
  return Number(raw);
};

export const choiceOption = <T extends string>(
  command: Command,
  values: Values,
  name: string,
  choices: readonly T[],
  fallback: T,
): T => {
  const raw = values[name];
  if (raw === undefined || typeof raw === 'boolean') return fallback;
  const found = choices.find((c) => c === raw);
  if (found === undefined)
    throw new UsageError(`--${name} must be ${choices.join(' or ')}, got '${raw}'.`, usageLine(command));
  return found;
};
