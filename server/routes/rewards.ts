// /api/rewards/* (the player's reward inventory) and /api/gameplay/use-* (spending one).
import { Hono } from 'hono';
import { z } from 'zod';
import { myRewards, rewardConfigList, rewardsOfType, usageHistory } from '../../core/rewards/my-rewards.ts';
import { useHowMany, useMine, usePeak } from '../../core/rewards/use-rewards.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { requireUser } from '../auth/guards.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { intQuery, jsonBody, object, parse } from '../validation.ts';

// The number is checked by the core, with the spec's messages (a missing one included).
const numberBody = object({ number: z.unknown().optional() });
const historyQuery = z.object({ limit: intQuery('limit', 50, 1, 100), offset: intQuery('offset', 0, 0, 1_000_000) });

export const rewardRoutes = ({ deps, limiter }: AppServices) => {
  const limited = rateLimit(limiter, 'reward');
  return new Hono<AppEnv>()
    .get('/rewards/config', (c) => c.json(rewardConfigList()))
    .get('/rewards/mine', async (c) => c.json(await myRewards(deps, requireUser(c).id)))
    .get('/rewards/usage-history', async (c) => {
      const user = requireUser(c);
      const { limit, offset } = parse(historyQuery, c.req.query());
      return c.json(await usageHistory(deps, user.id, limit, offset));
    })
    .get('/rewards/type/:type', async (c) => c.json(await rewardsOfType(deps, requireUser(c).id, c.req.param('type'))))
    .post('/gameplay/use-peak', limited, async (c) => {
      const user = requireUser(c);
      const { number } = await jsonBody(c, numberBody);
      return c.json(await usePeak(deps, { userId: user.id, number }));
    })
    .post('/gameplay/use-mine', limited, async (c) => {
      const user = requireUser(c);
      const { number } = await jsonBody(c, numberBody);
      return c.json(await useMine(deps, { userId: user.id, number }));
    })
    .post('/gameplay/use-how-many', limited, async (c) => c.json(await useHowMany(deps, { userId: requireUser(c).id })));
};
