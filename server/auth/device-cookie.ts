// The `did` cookie (DESIGN.md §18): a random first-party id for the browser, set at every sign-in and submission and
// passed to the core with the client address as the request's integrity signals. It names a device, never a person.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE, isDeviceId, newDeviceId } from '../../core/integrity/signals.ts';
import type { ClientSignals } from '../../core/integrity/model.ts';
import type { Random } from '../../core/ports.ts';
import type { AppEnv } from '../app-env.ts';
import type { ServerConfig } from '../config.ts';
import { cookieBase } from './session-cookie.ts';

/** The longest lifetime browsers keep (RFC 6265bis caps Max-Age at 400 days). */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/** The request's signals: its device id (a fresh one when the cookie is missing or not one we set) and address. */
export const requestSignals = <E extends AppEnv>(
  c: Context<E>,
  random: Random,
): ClientSignals & { deviceId: string } => {
  const cookie = getCookie(c, DEVICE_COOKIE);
  return { deviceId: isDeviceId(cookie) ? cookie : newDeviceId(random), address: c.var.clientIp };
};

/** (Re)sets the cookie, sliding its lifetime: a device that keeps playing keeps its id. */
export const setDeviceCookie = (c: Context, config: ServerConfig, deviceId: string): void =>
  setCookie(c, DEVICE_COOKIE, deviceId, { ...cookieBase(config), maxAge: DEVICE_COOKIE_SECONDS });
