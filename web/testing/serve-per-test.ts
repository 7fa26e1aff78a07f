// Per-test fake API for screen tests that set different routes in each test: call once at the top of the file.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { pointWindowAt, startFakeApi, type FakeApi, type Handler } from './fake-api.ts';

/**
 * Returns serve(routes), which empties the browser's storage (the test files of a worker share one window, and a
 * code another file left, such as a pending referral, would make the screen post it), starts the fake API with these
 * routes and points the window at it; after each test the screen is unmounted and the server closed. Also lets async
 * queries wait up to 5 s: the test machine is shared and sometimes slow, so a screen is not called broken before then.
 */
export function servePerTest(): (routes?: Record<string, Handler>) => Promise<FakeApi> {
  configure({ asyncUtilTimeout: 5000 });
  let fakeApi: FakeApi | undefined;
  afterEach(async () => {
    cleanup();
    await fakeApi?.close();
    fakeApi = undefined;
  });
  return async (routes = {}) => {
    localStorage.clear();
    sessionStorage.clear();
    fakeApi = await startFakeApi(routes);
    pointWindowAt(fakeApi.origin);
    return fakeApi;
  };
}
