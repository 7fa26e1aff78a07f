// What a request no route answers gets: 405 with `Allow` at a known path asked with another method (the routes of
// app.routes, and the web app's screens, which answer GET and HEAD), 404 otherwise; both in the usual error body.
import type { NotFoundHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import type { ApiError } from './routes/shared.schemas.ts';
import type { RouteTable } from './route-table.ts';

export const notFound =
  (routes: RouteTable, webMethodsAt: (path: string) => string[] | null): NotFoundHandler<AppEnv> =>
  (c) => {
    const { method, path } = c.req;
    const allowed = routes.methodsAt(path) ?? webMethodsAt(path);
    // A route of this method exists and still found nothing (a handler's own 404): not a question of method.
    if (allowed === null || allowed.includes(method))
      return c.json({ error: 'Not found.', code: 'NOT_FOUND' } satisfies ApiError, 404);
    const allow = allowed.join(', ');
    return c.json(
      {
        error: `This address does not answer ${method}; it answers ${allow}.`,
        code: 'METHOD_NOT_ALLOWED',
      } satisfies ApiError,
      405,
      { Allow: allow },
    );
  };
