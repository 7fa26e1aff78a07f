// Mail text built so that only the template decides where lines and paragraphs break (DESIGN.md §15): every
// value put into a mail (a name, a reason, a reference) is flattened to one line first.

/** C0 and C1 controls (CR, LF, TAB, ESC, NEL, …) and Unicode's line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_RUNS = /[\p{Cc}\u2028\u2029]+/gu;

/** Whether text holds a character that could break a line or a header (the profile refuses such names). */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

/** A value as one line: each run of control characters becomes one space. */
export const oneLine = (value: string | number): string => String(value).replace(CONTROL_RUNS, ' ');

/**
 * Tagged template for a mail's subject or body: the template's own text is kept as written, each interpolated
 * value goes through `oneLine`, so no field can start a line or a paragraph of its own.
 */
export const mailText = (template: TemplateStringsArray, ...values: readonly (string | number)[]): string =>
  template.reduce((text, literal, i) => text + oneLine(values[i - 1] ?? '') + literal);

/** A subject or body as queued: what every mail of the game is made of. */
export interface MailContent {
  subject: string;
  body: string;
}
