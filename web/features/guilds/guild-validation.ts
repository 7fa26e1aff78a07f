/**
 * Client validation of the guild forms (spec-2 §5). Only presence is checked here; the lengths are enforced by
 * the inputs' maxLength and the server checks the rest (DESIGN.md §10).
 */

export const guildLimits = { nameMax: 50, descriptionMax: 200, passwordMax: 20 } as const;

export interface CreateGuildValues {
  name: string;
  description: string;
  password: string;
}

export function validateCreateGuild(values: CreateGuildValues): string | null {
  if (values.name.trim() === '' || values.password.trim() === '') return 'Guild name and password are required';
  return null;
}

export interface JoinGuildValues {
  guildId: string;
  password: string;
}

export function validateJoinGuild(values: JoinGuildValues): string | null {
  if (values.guildId === '' || values.password.trim() === '') return 'Please select a guild and enter the password';
  return null;
}

/** The description counter 'n/200'. */
export function descriptionCounter(description: string): string {
  return `${description.length}/${guildLimits.descriptionMax}`;
}
