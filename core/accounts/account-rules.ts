// The profile field rules as the server applies them: sign-in, the profile update, the PayPal form (the rules themselves in profile-fields.ts).
import { fail } from '../errors.ts';
import type { User } from '../model.ts';
import { hasControlCharacters } from '../mail/mail-text.ts';
import { displayNameProblem, INVALID_EMAIL, isEmail } from './profile-fields.ts';

export const checkEmail = (raw: string | null | undefined): string => {
  const email = (raw ?? '').trim();
  if (!isEmail(email)) fail('VALIDATION', INVALID_EMAIL);
  return email;
};

/** Refuses text with control characters (line breaks above all): names end up in mails. `label` names the field. */
export const checkOneLine = (text: string, label: string): string => {
  if (hasControlCharacters(text)) fail('VALIDATION', `${label} must not contain line breaks`);
  return text;
};

export const checkDisplayName = (raw: string | null | undefined): string => {
  const name = (raw ?? '').trim();
  const problem = displayNameProblem(name);
  return problem === null ? name : fail('VALIDATION', problem);
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
