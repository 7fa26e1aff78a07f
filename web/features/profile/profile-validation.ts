/** Client validation of the profile form (spec-2 §5). */

export interface ProfileFormValues {
  username: string;
  email: string;
  displayName: string;
}

/** The server's limit (spec-2 §5): the field itself stops at it. */
export const displayNameMaxLength = 50;

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

// Deliberately loose: one '@', something on each side, a dot in the domain. The server has the final word.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** The errors per field; an empty object means the form may be sent. */
export function validateProfile(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (values.username.trim().length < 3) errors.username = 'Username must be at least 3 characters';
  if (!isValidEmail(values.email)) errors.email = 'Invalid email address';
  if (values.displayName.trim().length < 2) errors.displayName = 'Display name must be at least 2 characters';
  return errors;
}

export function hasErrors(errors: ProfileFormErrors): boolean {
  return Object.keys(errors).length > 0;
}
