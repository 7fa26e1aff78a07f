// The guild limits of DESIGN.md §10 and spec-2 §5, checked by the core whatever the client sent.
import { fail } from '../errors.ts';

export const GUILD_MAX_MEMBERS = 10;
export const GUILD_LIST_LIMIT = 50;
const NAME_MIN = 3;
const NAME_MAX = 50;
const DESCRIPTION_MAX = 200;
const PASSWORD_MIN = 4;
const PASSWORD_MAX = 20;
/** Letters and digits of any script, spaces, hyphens, underscores. */
const NAME_CHARACTERS = /^[\p{L}\p{Nd} _-]+$/u;

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
  const name = (input.name ?? '').trim();
  const password = input.password ?? '';
  const description = (input.description ?? '').trim();
  if (name === '' || password === '') return fail('VALIDATION', 'Guild name and password are required');
  if ([...name].length < NAME_MIN || [...name].length > NAME_MAX)
    fail('VALIDATION', `Guild name must be ${NAME_MIN}-${NAME_MAX} characters`);
  if (!NAME_CHARACTERS.test(name))
    fail('VALIDATION', 'Guild name may contain only letters, numbers, spaces, hyphens and underscores');
  if ([...description].length > DESCRIPTION_MAX)
    fail('VALIDATION', `Description must be at most ${DESCRIPTION_MAX} characters`);
  if ([...password].length < PASSWORD_MIN || [...password].length > PASSWORD_MAX) {
    fail('VALIDATION', `Password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters`);
  }
  return { name, description, password };
};
