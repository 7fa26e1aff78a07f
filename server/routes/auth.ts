// Sign-in and sign-out (DESIGN.md §8): Google (authorization code + PKCE) or, in development
// mode, a plain form; both end in a fresh session cookie and a redirect to the game, or to the same-origin
// `next` path the sign-in link carried. Also the pages behind the links in mails, which work signed out.
import type { Context } from 'hono';
import { generateCodeVerifier, generateState } from 'arctic';
import { z } from 'zod';
import { createSession, endSession } from '../../core/accounts/sessions.ts';
import { signIn } from '../../core/accounts/sign-in.ts';
import { toMe } from '../../core/accounts/account-rules.ts';
import { DomainError, isDomainError } from '../../core/errors.ts';
import { MeResponse } from './me.schemas.ts';
import type { AppEnv, AppServices } from '../app-env.ts';
import { devSignInPage } from '../auth/dev-sign-in-page.ts';
import {
  badLinkPage,
  confirmEmailPage,
  emailConfirmedPage,
  unsubscribedPage,
  unsubscribePage,
} from '../auth/mail-link-pages.ts';
import { safeNextPath } from '../auth/next-path.ts';
import { requestSignals, setDeviceCookie } from '../auth/device-cookie.ts';
import {
  confirmationTarget,
  confirmContactEmail,
  INVALID_CONFIRMATION_LINK,
} from '../../core/accounts/contact-email.ts';
import { turnOffDailyReminder } from '../../core/mail/daily-reminder.ts';
import {
  clearSessionCookie,
  readSessionToken,
  setOAuthCookies,
  setSessionCookie,
  takeOAuthCookies,
} from '../auth/session-cookie.ts';
import { rateLimit } from '../security/rate-limit.ts';
import { apiError } from '../error-status.ts';
import { parse } from '../validation.ts';
import { apiApp, apiRoute, describedOnly, formBody, html, json, redirect } from '../openapi.ts';

// Shapes only: the sign-in use case checks the e-mail and tidies the display name.
const devBody = z.object(
  {
    email: z.string({ error: 'Enter your e-mail address.' }).max(320, 'Invalid email address'),
    displayName: z
      .string({ error: 'The display name must be text.' })
      .max(200, 'The display name is too long.')
      .optional()
      .default(''),
    next: z.string().optional().catch(undefined),
  },
  { error: 'Send e-mail and display name.' },
);

const devBodyDocument = describedOnly(devBody);

/** A query value that never fails the request: junk reads as absent, as the handlers treat it. */
const optionalText = (description: string) =>
  z.string().optional().catch(undefined).openapi({ type: 'string', description });
const NextQuery = z.object({ next: optionalText('A path of this site to return to after signing in.') });
const CallbackQuery = z.object({
  code: optionalText("Google's authorization code."),
  state: optionalText('The state the sign-in started with.'),
  error: optionalText('Set when Google refused or the player cancelled.'),
});
const TokenQuery = z.object({ token: optionalText("The link's token.") });
const TokenForm = z.object({ token: optionalText("The link's token.") });

const tags = ['Sign-in and mail links'];
const pub = { access: 'public' } as const;

/** What a mail link's button does: its page, or the bad-link page (404) when the use case refuses the link. */
const linkPage = async (c: Context<AppEnv>, action: () => Promise<string>) => {
  try {
    return c.html(await action());
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return c.html(badLinkPage(error.message), 404);
  }
};

const isJsonRequest = (c: Context): boolean => (c.req.header('content-type') ?? '').toLowerCase().includes('json');

export const authRoutes = (services: AppServices) => {
  const { deps, config, googleAuth, limiter } = services;
  const publicOrigin = new URL(config.publicUrl);
  // Development sign-in names any account: only a request addressed to the loopback PUBLIC_URL itself may use it, not
  // one whose Host a DNS-rebinding page or a forwarding proxy chose, nor one sent from another origin.
  const devOnly = (c: Context<AppEnv>) => {
    if (config.authMode !== 'dev') throw apiError('NOT_FOUND', 'Development sign-in is turned off.');
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const origin = c.req.header('origin');
    if (host.toLowerCase() !== publicOrigin.host || (origin !== undefined && origin !== publicOrigin.origin)) {
      throw apiError('FORBIDDEN', `Development sign-in answers only requests to ${publicOrigin.origin}.`);
    }
  };

  /** The last step of every sign-in: the user with the request's signals, a new session, the cookies. */
  const startSession = async (
    c: Context<AppEnv>,
    identity: { googleSub: string | null; email: string; displayName: string },
  ) => {
    const client = requestSignals(c, deps.random);
    const { user } = await signIn(deps, { ...identity, adminEmails: config.adminEmails, client });
    const { token } = await createSession(deps, user.id, config.sessionDays);
    setSessionCookie(c, config, token);
    setDeviceCookie(c, config, client.deviceId);
    return user;
  };

  const app = apiApp<AppEnv>();
  return app
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/google',
          operationId: 'startGoogleSignIn',
          summary: 'Start signing in with Google',
          tags,
          request: { query: NextQuery },
          responses: { 302: redirect('To Google; in development mode, to /auth/dev.') },
        },
        pub,
      ),
      (c) => {
        const next = safeNextPath(c.req.valid('query').next);
        if (!googleAuth) return c.redirect(next ? `/auth/dev?next=${encodeURIComponent(next)}` : '/auth/dev', 302);
        const state = generateState();
        const verifier = generateCodeVerifier();
        setOAuthCookies(c, config, state, verifier, next);
        return c.redirect(googleAuth.authorizationUrl(state, verifier).toString(), 302);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/google/callback',
          operationId: 'finishGoogleSignIn',
          summary: 'Finish signing in with Google',
          tags,
          middleware: rateLimit(limiter, 'signIn'),
          request: { query: CallbackQuery },
          responses: {
            302: redirect('Signed in (the session cookie is set): to the path the sign-in started from, or /.'),
          },
        },
        { ...pub, failures: ['CONFLICT', 'FORBIDDEN', 'RATE_LIMITED'] },
      ),
      async (c) => {
        if (!googleAuth) return c.redirect('/auth/dev', 302);
        const { state, verifier, next } = takeOAuthCookies(c, config);
        const { code, state: returnedState, error } = c.req.valid('query');
        if (error !== undefined) {
          throw new DomainError('VALIDATION', 'Google sign-in was cancelled or refused. Please try again.');
        }
        if (!code || !returnedState || !state || !verifier || returnedState !== state) {
          throw new DomainError('VALIDATION', 'The sign-in request expired or did not match. Please sign in again.');
        }
        const identity = await googleAuth.exchange(code, verifier, deps.clock.now());
        await startSession(c, { googleSub: identity.sub, email: identity.email, displayName: identity.name });
        return c.redirect(safeNextPath(next) ?? '/', 302);
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/dev',
          operationId: 'getDevSignInPage',
          summary: 'Show the development sign-in page',
          tags,
          description: 'Development mode only, and only at the loopback PUBLIC_URL.',
          request: { query: NextQuery },
          responses: { 200: html('The development sign-in form.') },
        },
        { ...pub, failures: ['NOT_FOUND', 'FORBIDDEN'] },
      ),
      (c) => {
        devOnly(c);
        return c.html(devSignInPage({ next: safeNextPath(c.req.valid('query').next) }));
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/dev',
          operationId: 'devSignIn',
          summary: 'Sign in by e-mail (development)',
          tags,
          middleware: rateLimit(limiter, 'signIn'),
          description:
            'Development mode only, and only at the loopback PUBLIC_URL. A form answers 303 (or its page again with the message, 400); JSON answers the user.',
          request: {
            body: {
              required: true,
              content: {
                'application/json': { schema: devBodyDocument },
                'application/x-www-form-urlencoded': { schema: devBodyDocument },
              },
            },
          },
          responses: {
            200: json(MeResponse, 'Signed in (the session cookie is set).'),
            303: redirect('A form signed in: to its `next` path, or /.'),
            400: html('A form gets its page back with the message.'),
          },
        },
        { ...pub, failures: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'RATE_LIMITED'] },
      ),
      async (c) => {
        devOnly(c);
        const json = isJsonRequest(c);
        let raw: unknown;
        try {
          raw = json
            ? await c.req.json()
            : Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string'));
        } catch {
          throw new DomainError('VALIDATION', 'The request body could not be read.');
        }
        try {
          const body = parse(devBody, raw);
          const user = await startSession(c, { googleSub: null, email: body.email, displayName: body.displayName });
          if (!json) return c.redirect(safeNextPath(body.next) ?? '/', 303);
          return c.json(toMe(user), 200);
        } catch (error) {
          // A form gets its page back with the message; JSON callers get the usual error body.
          if (json || !isDomainError(error)) throw error;
          const values = typeof raw === 'object' && raw !== null ? (raw as Record<string, string>) : {};
          return c.html(
            devSignInPage({
              email: values.email,
              displayName: values.displayName,
              error: error.message,
              next: safeNextPath(values.next),
            }),
            400,
          );
        }
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/confirm-email',
          operationId: 'getEmailConfirmationPage',
          summary: 'Show the e-mail confirmation page',
          tags,
          description: "The page behind a confirmation mail's link: opening it changes nothing, its button confirms.",
          request: { query: TokenQuery },
          responses: {
            200: html('The address the link confirms, with a CONFIRM button.'),
            404: html('The link has expired or was used.'),
          },
        },
        pub,
      ),
      async (c) => {
        const token = c.req.valid('query').token ?? '';
        const email = await confirmationTarget(deps, token);
        return email === null
          ? c.html(badLinkPage(INVALID_CONFIRMATION_LINK), 404)
          : c.html(confirmEmailPage(email, token));
      },
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/confirm-email',
          operationId: 'confirmEmail',
          summary: 'Confirm a contact e-mail',
          tags,
          request: formBody(TokenForm),
          responses: { 200: html('The contact e-mail is confirmed.'), 404: html('The link has expired or was used.') },
        },
        pub,
      ),
      (c) =>
        linkPage(c, async () =>
          emailConfirmedPage((await confirmContactEmail(deps, c.req.valid('form').token ?? '')).email),
        ),
    )
    .openapi(
      apiRoute(
        {
          method: 'get',
          path: '/unsubscribe',
          operationId: 'getUnsubscribePage',
          summary: 'Show the unsubscribe page',
          tags,
          description:
            "The page behind the daily reminder's unsubscribe link: opening it changes nothing, its button does.",
          request: { query: TokenQuery },
          responses: { 200: html('A page with an UNSUBSCRIBE button.') },
        },
        pub,
      ),
      (c) => c.html(unsubscribePage(c.req.valid('query').token ?? '')),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/unsubscribe',
          operationId: 'unsubscribe',
          summary: 'Turn the daily reminder off',
          tags,
          request: formBody(TokenForm),
          responses: { 200: html('The daily reminder is off.'), 404: html('The link is not valid.') },
        },
        pub,
      ),
      (c) =>
        linkPage(c, async () => {
          await turnOffDailyReminder(deps, c.req.valid('form').token ?? '');
          return unsubscribedPage();
        }),
    )
    .openapi(
      apiRoute(
        {
          method: 'post',
          path: '/logout',
          operationId: 'logout',
          summary: 'Sign out',
          tags,
          responses: { 303: redirect('Signed out (the session ends, its cookie is cleared): to /.') },
        },
        pub,
      ),
      async (c) => {
        const token = readSessionToken(c);
        if (token !== null) await endSession(deps, token);
        clearSessionCookie(c, config);
        return c.redirect('/', 303);
      },
    );
};
