// Profile field rules shared by sign-in and the profile form (spec-2 §5, DESIGN.md §8).
import { fail } from '../errors.ts';
import type { User } from '../model.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;

export const isEmail = (email: string): boolean => email.length <= EMAIL_MAX && EMAIL.test(email);

export const checkEmail = (raw: string | null | undefined): string => {
  const email = (raw ?? '').trim();
  if (!isEmail(email)) fail('VALIDATION', 'Invalid email address');
  return email;
};

export const checkDisplayName = (raw: string | null | undefined): string => {
  const name = (raw ?? '').trim();
  if ([...name].length < DISPLAY_NAME_MIN) fail('VALIDATION', `Display name must be at least ${DISPLAY_NAME_MIN} characters`);
  if ([...name].length > DISPLAY_NAME_MAX) fail('VALIDATION', `Display name must be at most ${DISPLAY_NAME_MAX} characters`);
  return name;
};

/** GET /api/me and PUT /api/profile answer this. */
export interface MeDto {
  id: string;
  email: string;
  displayName: string;
  role: User['role'];
}

export const toMe = (user: User): MeDto => ({ id: user.id, email: user.email, displayName: user.displayName, role: user.role });
