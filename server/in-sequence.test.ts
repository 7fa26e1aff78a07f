import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { inSequence, under } from './in-sequence.ts';

/** An app whose steps note what ran, in order; `/answer` is answered by a step, `/refuse` refused by one. */
const appWith = (log: string[]) => {
  const around =
    (name: string): MiddlewareHandler =>
    async (c, next) => {
      log.push(`${name} before`);
      await next();
      log.push(`${name} after ${c.res.status}`);
      c.res.headers.set(`x-${name}`, 'seen');
    };
  const check =
    (name: string): MiddlewareHandler =>
    (c, next) => {
      log.push(name);
      if (c.req.path === `/refuse/${name}`) throw new Error(`${name} refused`);
      if (c.req.path === `/answer/${name}`) return Promise.resolve(c.text(`answered by ${name}`, 202));
      return next();
    };
  const app = new Hono();
  app.onError((error, c) => c.text(error.message, 400));
  app.use(inSequence(around('outer'), around('inner')));
  app.use(inSequence(check('a'), under(['/api'], check('b')), check('c')));
  app.get('*', (c) => {
    log.push('route');
    return c.text('route');
  });
  return app;
};

describe('inSequence', () => {
  it('runs its steps in order around the route, each after-part once the route has answered', async () => {
    const log: string[] = [];
    const res = await appWith(log).request('/api/x');
    expect(await res.text()).toBe('route');
    expect(log).toEqual(['outer before', 'inner before', 'a', 'b', 'c', 'route', 'inner after 200', 'outer after 200']);
    expect(res.headers.get('x-outer')).toBe('seen');
  });

  it("hands a step's answer to Hono: the later steps and the route do not run", async () => {
    const log: string[] = [];
    const res = await appWith(log).request('/answer/a');
    expect([res.status, await res.text()]).toEqual([202, 'answered by a']);
    expect(log).toEqual(['outer before', 'inner before', 'a', 'inner after 202', 'outer after 202']);
  });

  it("answers a step's error with the app's error handler, and the sequence mounted before still sees it", async () => {
    const log: string[] = [];
    const res = await appWith(log).request('/refuse/c');
    expect([res.status, await res.text()]).toEqual([400, 'c refused']);
    expect(log).toEqual(['outer before', 'inner before', 'a', 'c', 'inner after 400', 'outer after 400']);
    expect(res.headers.get('x-inner')).toBe('seen');
  });

  it('runs an `under` step at its prefix and below, as app.use(prefix/*) does, and nowhere else', async () => {
    for (const [path, ran] of [
      ['/api', true],
      ['/api/', true],
      ['/api/entry', true],
      ['/apix', false],
      ['/x/api', false],
    ] as const) {
      const log: string[] = [];
      await appWith(log).request(path);
      expect(log.includes('b'), path).toBe(ran);
    }
  });
});
