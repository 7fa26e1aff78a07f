// The profile form's field rules (spec-2 §5, DESIGN.md §8): the web's form checks with this same code, and the
// server applies the e-mail and display-name rules whatever the form sent. It imports only mail-text.ts, itself
// free of imports, so the web bundle takes nothing else of core with it.
import { hasControlCharacters } from '../mail/mail-text.ts';

/**
 * An address as the HTML standard's "valid e-mail address" (what a browser's type=email field accepts), with a
 * dot in the domain: printable ASCII only, so no address can carry a line break or a second header into a mail.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const EMAIL_MAX = 254;
export const INVALID_EMAIL = 'Invalid email address';
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;
/** The username is the account's e-mail, locked on the form and never sent: every address `isEmail` takes keeps it. */
const USERNAME_MIN = 3;

export const isEmail = (email: string): boolean => email.length <= EMAIL_MAX && EMAIL.test(email);

/** What is wrong with a trimmed display name, or null. */
export const displayNameProblem = (name: string): string | null => {
  if (hasControlCharacters(name)) return 'Display name must not contain line breaks';
  if ([...name].length < DISPLAY_NAME_MIN) return `Display name must be at least ${DISPLAY_NAME_MIN} characters`;
  if ([...name].length > DISPLAY_NAME_MAX) return `Display name must be at most ${DISPLAY_NAME_MAX} characters`;
  return null;
};

export interface ProfileFormFields {
  username: string;
  email: string;
  displayName: string;
}

export type ProfileFormProblems = Partial<Record<keyof ProfileFormFields, string>>;

/** The problem of each field, trimmed first; an empty object means the form may be sent. */
export const profileFormProblems = (fields: ProfileFormFields): ProfileFormProblems => {
  const problems: ProfileFormProblems = {};
  if ([...fields.username.trim()].length < USERNAME_MIN)
    problems.username = `Username must be at least ${USERNAME_MIN} characters`;
  if (!isEmail(fields.email.trim())) problems.email = INVALID_EMAIL;
  const displayName = displayNameProblem(fields.displayName.trim());
  if (displayName !== null) problems.displayName = displayName;
  return problems;
};
