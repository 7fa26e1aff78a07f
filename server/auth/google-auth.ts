// The sign-in provider port and its arctic adapter. arctic is deprecated upstream (DESIGN.md §2),
// so nothing else in the server imports it: swapping the library touches this file only.
import { CodeChallengeMethod, decodeIdToken, Google, OAuth2Client, type OAuth2Tokens } from 'arctic';
import { DomainError } from '../../core/errors.ts';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export interface GoogleAuth {
  /** Where to send the browser: the provider's consent page with state and the PKCE challenge. */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /**
   * Trades the callback's code for the signed-in identity; `now` is the server clock the token's
   * expiry is checked against. Throws DomainError VALIDATION when refused.
   */
  exchange(code: string, codeVerifier: string, now: Date): Promise<GoogleIdentity>;
}

/** The two calls of an authorization-code + PKCE client: arctic's Google has exactly this shape. */
interface CodeFlowClient {
  createAuthorizationURL(state: string, codeVerifier: string, scopes: string[]): URL;
  validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens>;
}

const scopes = ['openid', 'email', 'profile'];

/** The issuer values Google documents for its ID tokens. */
export const GOOGLE_ISSUERS: readonly string[] = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Narrows and checks the ID token's claims (provider JSON is untrusted shape-wise): issued by
 * Google, for our client id, not expired at `now`, with a verified e-mail (DESIGN.md §8). The token
 * comes straight from Google's token endpoint over TLS, so its signature is not checked again.
 */
export const identityFromClaims = (claims: unknown, expected: { clientId: string; now: Date }): GoogleIdentity => {
  const refuse = (why: string) => new DomainError('VALIDATION', `Google sign-in failed: ${why}.`);
  if (typeof claims !== 'object' || claims === null) throw refuse('the ID token has no claims');
  const record = claims as Record<string, unknown>;
  const { iss, aud, exp, sub, email, name, email_verified: verified } = record;
  if (typeof iss !== 'string' || !GOOGLE_ISSUERS.includes(iss)) throw refuse('the ID token was not issued by Google');
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(expected.clientId)) throw refuse('the ID token was issued for another application');
  if (typeof exp !== 'number' || exp * 1000 <= expected.now.getTime()) throw refuse('the ID token has expired');
  if (typeof sub !== 'string' || sub === '') throw refuse('the ID token has no subject');
  if (typeof email !== 'string' || !email.includes('@')) throw refuse('the account has no e-mail address');
  // Only the boolean true counts: a missing claim or the string "true" is not a verification.
  if (verified !== true) throw refuse('the e-mail address is not verified');
  const displayName = typeof name === 'string' && name.trim() !== '' ? name.trim() : (email.split('@')[0] ?? email);
  return { sub, email: email.toLowerCase(), name: displayName };
};

export const arcticGoogleAuth = (client: CodeFlowClient, clientId: string): GoogleAuth => ({
  authorizationUrl: (state, codeVerifier) => client.createAuthorizationURL(state, codeVerifier, scopes),
  async exchange(code, codeVerifier, now) {
    let tokens: OAuth2Tokens;
    try {
      tokens = await client.validateAuthorizationCode(code, codeVerifier);
    } catch {
      throw new DomainError('VALIDATION', 'Google sign-in failed: the sign-in code was refused. Please try again.');
    }
    let claims: unknown;
    try {
      claims = decodeIdToken(tokens.idToken());
    } catch {
      throw new DomainError('VALIDATION', 'Google sign-in failed: no valid ID token was returned.');
    }
    return identityFromClaims(claims, { clientId, now });
  },
});

/** Production: Google's own endpoints. */
export const googleAuthFor = (clientId: string, clientSecret: string, redirectUri: string): GoogleAuth =>
  arcticGoogleAuth(new Google(clientId, clientSecret, redirectUri), clientId);

/** Any OAuth 2 / OIDC provider at the given endpoints (tests run a local fake provider). */
export const customEndpointAuth = (options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
}): GoogleAuth => {
  const client = new OAuth2Client(options.clientId, options.clientSecret, options.redirectUri);
  return arcticGoogleAuth(
    {
      createAuthorizationURL: (state, verifier, s) =>
        client.createAuthorizationURLWithPKCE(
          options.authorizationEndpoint,
          state,
          CodeChallengeMethod.S256,
          verifier,
          s,
        ),
      validateAuthorizationCode: (code, verifier) =>
        client.validateAuthorizationCode(options.tokenEndpoint, code, verifier),
    },
    options.clientId,
  );
};
