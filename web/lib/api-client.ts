// The web app's one HTTP client: cookie session, JSON in and out, errors as ApiClientError (spec-1 §7, §8), and a
// request that never reached the server as NetworkError, in words a player reads.
import { connectionNow, reportRequest } from './connection.ts';

export class ApiClientError extends Error {
  readonly status: number;
  /** The parsed JSON error body, or the raw text when it was not JSON. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiClientError';
    this.status = status;
    this.body = body;
  }
}

export const networkMessages = {
  offline: 'You are offline. Check your connection, then try again.',
  unreachable: 'The game server cannot be reached right now. Check your connection, then try again.',
} as const;

/** The request got no answer at all: no network, or the server is down. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** fetch() rejects with a TypeError ("Failed to fetch") when no answer came: say what that means instead. */
async function reach(request: () => Promise<Response>): Promise<Response> {
  try {
    const response = await request();
    reportRequest(true);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportRequest(false);
    throw new NetworkError(connectionNow() === 'offline' ? networkMessages.offline : networkMessages.unreachable, {
      cause: error,
    });
  }
}

export interface ApiFetchInit {
  method?: string;
  body?: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's words for a database out of reach (503 UNAVAILABLE), also said for a proxy's page with no server behind it. */
export const unavailableMessage = 'The game is briefly unavailable. Please try again in a moment.';

/** A proxy's answers when no server is there to answer: its own page, not the server's JSON. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * The server's `error` text, else (a proxy's 502, 503 or 504) the unavailable message, else `status: text`, else the
 * status text (spec-1 §8).
 */
export function errorMessageOf(status: number, statusText: string, text: string, body: unknown): string {
  if (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'string' &&
    body.error !== ''
  ) {
    return body.error;
  }
  if (GATEWAY_FAILURES.has(status)) return unavailableMessage;
  if (text.trim() !== '') return `${status}: ${text}`;
  return statusText !== '' ? statusText : String(status);
}

/** The response web/early-requests.ts asked for before the app loaded, for a plain GET; each is taken once. */
function takeEarlyResponse(path: string, init: ApiFetchInit): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.lowestEarlyResponses;
  if (early === undefined || (init.method ?? 'GET') !== 'GET' || init.body !== undefined) return undefined;
  const response = early.get(path);
  early.delete(path);
  return response;
}

export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const hasBody = init.body !== undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const response = await reach(
    () =>
      takeEarlyResponse(path, init) ??
      fetch(path, {
        method: init.method ?? 'GET',
        credentials: 'include',
        headers,
        ...(hasBody ? { body: JSON.stringify(init.body) } : {}),
      }),
  );
  const text = await response.text().catch((error: unknown) => {
    reportRequest(false);
    throw new NetworkError(networkMessages.unreachable, { cause: error });
  });
  if (!response.ok) {
    const body = parseJson(text);
    throw new ApiClientError(response.status, errorMessageOf(response.status, response.statusText, text, body), body);
  }
  if (response.status === 204 || text === '') return undefined as T;
  return JSON.parse(text) as T;
}

/** A caught error's message for display, with the screen's fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return fallback;
}
