// Who may call a route: read the user the session middleware found, or refuse.
import type { Context } from 'hono';
import { DomainError } from '../../core/errors.ts';
import type { User } from '../../core/model.ts';
import type { AppEnv } from '../app-env.ts';

export const requireUser = (c: Context<AppEnv>): User => {
  const user = c.get('user');
  if (!user) throw new DomainError('UNAUTHENTICATED', 'Please sign in first.');
  return user;
};

export const requireAdmin = (c: Context<AppEnv>): User => {
  const user = requireUser(c);
  if (user.role !== 'admin') throw new DomainError('FORBIDDEN', 'You need admin privileges to do that.');
  return user;
};
