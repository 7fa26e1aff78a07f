// The field rules of the guild forms (DESIGN.md §10, spec-2 §5), with no import: the web's forms check and hint
// with this same code, and the server applies it whatever the form sent.

/** Players a guild holds at most: the rules apply it, the guilds screen says it. */
export const GUILD_MAX_MEMBERS = 10;

export const GUILD_FIELD_LIMITS = {
  nameMin: 3,
  nameMax: 50,
  descriptionMax: 200,
  passwordMin: 4,
  passwordMax: 20,
} as const;

/** Letters and digits of any script, spaces, hyphens, underscores. */
const NAME_CHARACTERS = /^[\p{L}\p{Nd} _-]+$/u;

const { nameMin, nameMax, descriptionMax, passwordMin, passwordMax } = GUILD_FIELD_LIMITS;

/** The create form's hints, built from the limits the rules below apply. */
export const GUILD_FIELD_HINTS = {
  name: `${nameMin}-${nameMax} characters: letters, numbers, spaces, hyphens and underscores.`,
  password: `${passwordMin}-${passwordMax} characters.`,
} as const;

/** Characters as a reader counts them: code points, so an emoji is one. */
const length = (text: string): number => [...text].length;

/** The first broken rule of a new guild's fields (name and description trimmed, password as typed), or null. */
export const newGuildProblem = (fields: { name: string; description: string; password: string }): string | null => {
  const { name, description, password } = fields;
  if (name === '' || password === '') return 'Guild name and password are required';
  if (length(name) < nameMin || length(name) > nameMax) return `Guild name must be ${nameMin}-${nameMax} characters`;
  if (!NAME_CHARACTERS.test(name))
    return 'Guild name may contain only letters, numbers, spaces, hyphens and underscores';
  if (length(description) > descriptionMax) return `Description must be at most ${descriptionMax} characters`;
  if (length(password) < passwordMin || length(password) > passwordMax)
    return `Password must be ${passwordMin}-${passwordMax} characters`;
  return null;
};

/** Joining needs a chosen guild and a password. */
export const joinGuildProblem = (guildId: string, password: string): string | null =>
  guildId === '' || password === '' ? 'Please select a guild and enter the password' : null;
