// Request parsing at the HTTP edge: zod schemas, one error message per failure (the first issue's).
// A schema gives its own message where the spec has one; every other failure gets a message in
// words naming the field (never zod's "Invalid input: expected …", DESIGN.md §14).
import { createMiddleware } from 'hono/factory';
import { z } from '@hono/zod-openapi';
import type { $ZodRawIssue } from 'zod/v4/core';
import { apiError } from './error-status.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP_MESSAGE } from './security/json-depth.ts';
import { containsNul, NUL_MESSAGE } from './security/nul-characters.ts';

export const firstIssueMessage = (error: z.ZodError): string => error.issues[0]?.message ?? 'Invalid request.';

/** `paypalEmail` → "PayPal e-mail"-like words: "Paypal email"; the top level is "The request body". */
const fieldInWords = (path: readonly PropertyKey[]): string => {
  const last = path.at(-1);
  if (last === undefined) return 'The request body';
  if (typeof last === 'number') return `Item ${last + 1} of ${fieldInWords(path.slice(0, -1)).toLowerCase()}`;
  const words = String(last)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const KIND_IN_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
};

/** The message for a failure the schema gave no message for: what is wrong, with which field. */
export const issueInWords = (issue: $ZodRawIssue): string => {
  const field = fieldInWords(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} must be ${KIND_IN_WORDS[issue.expected] ?? 'of another kind'}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field} is too long (at most ${issue.maximum} characters).`
        : `${field} is too large.`;
    case 'too_small':
      return issue.origin === 'string' ? `${field} is too short.` : `${field} is too small.`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
};

export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw apiError('VALIDATION', TOO_DEEP_MESSAGE);
  if (containsNul(value)) throw apiError('VALIDATION', NUL_MESSAGE);
  const result = schema.safeParse(value, { error: issueInWords });
  if (!result.success) throw apiError('VALIDATION', firstIssueMessage(result.error));
  return result.data;
};

// The routes' validators (@hono/zod-openapi) parse without a per-call error map: the same words apply to them.
z.config({ customError: issueInWords });

/** What the routes' validators do with a failure: a 400 with the first issue's message. */
export const validationHook = (result: { success: true } | { success: false; error: z.ZodError }): void => {
  if (!result.success) throw apiError('VALIDATION', firstIssueMessage(result.error));
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads a JSON request body once, before the routes' validators: an empty body reads as {}, and a
 * body nested too deeply or holding a NUL is refused before any schema walks it. The validators
 * take the value from Hono's body cache.
 */
export const readJsonBody = createMiddleware(async (c, next) => {
  const type = c.req.header('content-type');
  if (!BODY_METHODS.has(c.req.method) || type === undefined || !/json/i.test(type)) return next();
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw apiError('VALIDATION', 'The request body is not valid JSON.');
    }
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw apiError('VALIDATION', TOO_DEEP_MESSAGE);
  if (containsNul(value)) throw apiError('VALIDATION', NUL_MESSAGE);
  c.req.bodyCache.json = Promise.resolve(value);
  return next();
});

/** An object body; other shapes (arrays, strings) get one clear message. */
export const object = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'The request body must be a JSON object.' });

/** A whole number query parameter with a default, clamped to [min, max]. */
export const intQuery = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number.` });
        return z.NEVER;
      }
      return Math.min(max, Math.max(min, Number(v)));
    });
