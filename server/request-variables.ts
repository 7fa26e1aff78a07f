// What the middleware sets on every request, read by the routes and the rate-limit middleware alike.
import type { User } from '../core/model.ts';

export interface RequestVariables {
  /** The signed-in user (or null), set by the session middleware. */
  user: User | null;
  /** TRUST_PROXY hops into X-Forwarded-For, else the socket's address (DESIGN.md §14). */
  clientIp: string;
  requestId: string;
}
