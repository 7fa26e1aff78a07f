// The guild limits of DESIGN.md §10 and spec-2 §5, checked by the core whatever the client sent.
import { fail } from '../errors.ts';
import { GUILD_MAX_MEMBERS, newGuildProblem } from './guild-fields.ts';
export const GUILD_LIST_LIMIT = 50;

/** A guild takes nobody more once it has GUILD_MAX_MEMBERS. */
export const isGuildFull = (memberCount: number): boolean => memberCount >= GUILD_MAX_MEMBERS;

/** A member may always leave; the admin only as the last member (leaving then deletes the guild). */
export const canLeaveGuild = (isAdmin: boolean, memberCount: number): boolean => !isAdmin || memberCount <= 1;

export interface NewGuildFields {
  name: string;
  description: string;
  password: string;
}

export const validateNewGuild = (input: {
  name?: string | null;
  description?: string | null;
  password?: string | null;
}): NewGuildFields => {
  const fields = {
    name: (input.name ?? '').trim(),
    description: (input.description ?? '').trim(),
    password: input.password ?? '',
  };
  const problem = newGuildProblem(fields);
  return problem === null ? fields : fail('VALIDATION', problem);
};
