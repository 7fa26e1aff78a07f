// The CLI's reader of a deployment's public API: GET with a timeout, a bounded body, and the answer checked
// against the contract's zod schema. Every failure is one line naming the URL and what went wrong.
import type { z } from '@hono/zod-openapi';

/** An items page of 10,000 items is about 2.5 MB of JSON; a body past this is not an answer of the API. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface PublicApi {
  /** The parsed answer; null for a 404 when `allowMissing` is set. */
  get<S extends z.ZodType>(path: string, schema: S, allowMissing: true): Promise<z.output<S> | null>;
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
}

/** Not a domain error: the runner prints its one line and exits 1. */
const failure = (message: string) => new Error(message);

/** Node's fetch hides the socket error (ECONNREFUSED, ENOTFOUND…) in `cause`. */
const networkProblem = (error: unknown, timeoutSeconds: number): string => {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${String(timeoutSeconds)} s`;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : '';
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
    return (cause.message.split('\n')[0] ?? '') || code;
  }
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
};

/** The body as text, refusing more than MAX_BODY_BYTES. */
const boundedText = async (response: Response): Promise<string> => {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new RangeError(`a body of ${String(declared)} bytes`);
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    if (bytes > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new RangeError(`a body of more than ${String(MAX_BODY_BYTES)} bytes`);
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
};

/** The first problem; of a union (the summary: open, version 1 or 2), the first of the branch that came closest. */
const describeIssue = (issue: z.core.$ZodIssue | undefined): string => {
  if (issue?.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return describeIssue(closest[0]);
  }
  return issue ? `${issue.path.length > 0 ? issue.path.join('.') : 'the body'}: ${issue.message}` : 'unexpected shape';
};

/** A reader of `base` (the deployment's public URL); each request gives up after `timeoutSeconds`. */
export const publicApi = (base: URL, timeoutSeconds: number): PublicApi => {
  const get = async (path: string, schema: z.ZodType, allowMissing = false): Promise<unknown> => {
    const url = new URL(path.replace(/^\//, ''), base.href.endsWith('/') ? base : new URL(`${base.href}/`));
    const signal = AbortSignal.timeout(timeoutSeconds * 1000);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { signal, headers: { accept: 'application/json' } });
      text = await boundedText(response);
    } catch (error) {
      throw failure(
        `${url.href}: ${error instanceof RangeError ? error.message : networkProblem(error, timeoutSeconds)}.`,
      );
    }
    if (response.status === 404 && allowMissing) return null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw failure(`${url.href} answered HTTP ${String(response.status)} that is not JSON.`);
    }
    if (response.status !== 200) {
      const said =
        typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
          ? `: ${body.error}`
          : '';
      throw failure(`${url.href} answered HTTP ${String(response.status)}${said}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw failure(`${url.href} answered an unexpected shape (${describeIssue(parsed.error.issues[0])}).`);
    return parsed.data;
  };
  return { get } as PublicApi;
};
