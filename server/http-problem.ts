// Failures the HTTP edge raises itself (not domain rules): they share the error body format.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Response headers that belong to the problem (`Retry-After`, `Allow`, …). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}
