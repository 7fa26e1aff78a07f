/**
 * The avatar's initials (spec-2 §2): the first letters of the display-name words, at most 2, uppercased;
 * otherwise the first 2 letters of the e-mail; otherwise '?'.
 */
export function initials(displayName: string | null | undefined, email: string | null | undefined): string {
  const words = (displayName ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  if (words.length > 0) {
    // Array.from keeps a surrogate pair (an emoji, a rare script) as one letter.
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase();
  }
  const mail = (email ?? '').trim();
  if (mail.length > 0) return Array.from(mail).slice(0, 2).join('').toUpperCase();
  return '?';
}
