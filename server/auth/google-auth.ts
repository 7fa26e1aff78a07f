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
  /** Trades the callback's code for the signed-in identity. Throws DomainError VALIDATION when refused. */
  exchange(code: string, codeVerifier: string): Promise<GoogleIdentity>;
}

/** The two calls of an authorization-code + PKCE client: arctic's Google has exactly this shape. */
interface CodeFlowClient {
  createAuthorizationURL(state: string, codeVerifier: string, scopes: string[]): URL;
  validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens>;
}

const scopes = ['openid', 'email', 'profile'];

/** Narrows the ID token's claims (provider JSON is untrusted shape-wise). */
export const identityFromClaims = (claims: unknown): GoogleIdentity => {
  const refuse = (why: string) => new DomainError('VALIDATION', `Google sign-in failed: ${why}.`);
  if (typeof claims !== 'object' || claims === null) throw refuse('the ID token has no claims');
  const record = claims as Record<string, unknown>;
  const { sub, email, name, email_verified: verified } = record;
  if (typeof sub !== 'string' || sub === '') throw refuse('the ID token has no subject');
  if (typeof email !== 'string' || !email.includes('@')) throw refuse('the account has no e-mail address');
  if (verified === false || verified === 'false') throw refuse('the e-mail address is not verified');
  const displayName = typeof name === 'string' && name.trim() !== '' ? name.trim() : email.split('@')[0] ?? email;
  return { sub, email: email.toLowerCase(), name: displayName };
};

export const arcticGoogleAuth = (client: CodeFlowClient): GoogleAuth => ({
  authorizationUrl: (state, codeVerifier) => client.createAuthorizationURL(state, codeVerifier, scopes),
  async exchange(code, codeVerifier) {
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
    return identityFromClaims(claims);
  },
});

/** Production: Google's own endpoints. */
export const googleAuthFor = (clientId: string, clientSecret: string, redirectUri: string): GoogleAuth =>
  arcticGoogleAuth(new Google(clientId, clientSecret, redirectUri));

/** Any OAuth 2 / OIDC provider at the given endpoints (tests run a local fake provider). */
export const customEndpointAuth = (options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
}): GoogleAuth => {
  const client = new OAuth2Client(options.clientId, options.clientSecret, options.redirectUri);
  return arcticGoogleAuth({
    createAuthorizationURL: (state, verifier, s) =>
      client.createAuthorizationURLWithPKCE(options.authorizationEndpoint, state, CodeChallengeMethod.S256, verifier, s),
    validateAuthorizationCode: (code, verifier) => client.validateAuthorizationCode(options.tokenEndpoint, code, verifier),
  });
};
