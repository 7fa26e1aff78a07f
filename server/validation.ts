// Request parsing at the HTTP edge: zod schemas, one error message per failure (the first issue's).
import type { Context } from 'hono';
import { z } from 'zod';
import { DomainError } from '../core/errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP_MESSAGE } from './security/json-depth.ts';
import { containsNul, NUL_MESSAGE } from './security/nul-characters.ts';

export const firstIssueMessage = (error: z.ZodError): string => error.issues[0]?.message ?? 'Invalid request.';

export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw new DomainError('VALIDATION', TOO_DEEP_MESSAGE);
  if (containsNul(value)) throw new DomainError('VALIDATION', NUL_MESSAGE);
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError('VALIDATION', firstIssueMessage(result.error));
  return result.data;
};

/** The JSON body (an empty body reads as {}), validated by `schema`. */
export const jsonBody = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new DomainError('VALIDATION', 'The request body is not valid JSON.');
    }
  }
  return parse(schema, value);
};

/** An object body; other shapes (arrays, strings) get one clear message. */
export const object = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: 'The request body must be a JSON object.' });

export const gameDateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(-\d+)?$/, 'The date must look like YYYY-MM-DD.');

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
