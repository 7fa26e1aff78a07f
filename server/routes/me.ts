// GET /api/me: the signed-in user. Mounted at /api/me, behind one guard.
import { toMe } from '../../core/accounts/account-rules.ts';
import { guardedApp, signedIn } from '../auth/guards.ts';
import { apiRoute, json } from '../openapi.ts';
import { MeResponse } from './me.schemas.ts';

export const meRoutes = () => {
  const app = guardedApp(signedIn);
  return app.openapi(
    apiRoute(
      {
        method: 'get',
        path: '/',
        operationId: 'getMe',
        summary: 'Read the signed-in user',
        tags: ['Account'],
        responses: { 200: json(MeResponse, 'The signed-in user.') },
      },
      { access: 'player' },
    ),
    (c) => c.json(toMe(c.var.user), 200),
  );
};
