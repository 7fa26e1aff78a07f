// Profile field rules shared by sign-in and the profile form (spec-2 §5, DESIGN.md §8).
import { fail } from '../errors.ts';
import type { User } from '../model.ts';
import { hasControlCharacters } from '../mail/mail-text.ts';

/**
 * An address as the HTML standard's "valid e-mail address" (what a browser's type=email field accepts), with a
 * dot in the domain: printable ASCII only, so no address can carry a line break or a second header into a mail.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const EMAIL_MAX = 254;
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;

export const isEmail = (email: string): boolean => email.length <= EMAIL_MAX && EMAIL.test(email);

export const checkEmail = (raw: string | null | undefined): string => {
  const email = (raw ?? '').trim();
  if (!isEmail(email)) fail('VALIDATION', 'Invalid email address');
  return email;
};

/** Refuses text with control characters (line breaks above all): names end up in mails. `label` names the field. */
export const checkOneLine = (text: string, label: string): string => {
  if (hasControlCharacters(text)) fail('VALIDATION', `${label} must not contain line breaks`);
  return text;
};

export const checkDisplayName = (raw: string | null | undefined): string => {
  const name = checkOneLine((raw ?? '').trim(), 'Display name');
  if ([...name].length < DISPLAY_NAME_MIN)
    fail('VALIDATION', `Display name must be at least ${DISPLAY_NAME_MIN} characters`);
  if ([...name].length > DISPLAY_NAME_MAX)
    fail('VALIDATION', `Display name must be at most ${DISPLAY_NAME_MAX} characters`);
  return name;
};

/** GET /api/me and PUT /api/profile answer this. */
export interface MeDto {
  id: string;
  email: string;
  displayName: string;
  role: User['role'];
}

export const toMe = (user: User): MeDto => ({
  id: user.id,
  email: user.email,
  displayName: user.displayName,
  role: user.role,
});
