// A local stand-in for Google's OAuth endpoints (node:http on a free port): the authorize step
// issues a code bound to the PKCE challenge; the token endpoint checks the client credentials,
// the code and the verifier, and answers an ID token carrying the configured claims.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProvider {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Simulates the user consenting at the authorize URL: returns the code the provider would send back. */
  consent(authorizeUrl: URL, claims: Record<string, unknown>): string;
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export const startFakeProvider = async (clientId: string, clientSecret: string): Promise<FakeProvider> => {
  const codes = new Map<string, { challenge: string; redirectUri: string; claims: Record<string, unknown> }>();
  const tokenRequests: URLSearchParams[] = [];

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/token') return answer(404, { error: 'not_found' });
      const params = new URLSearchParams(raw);
      tokenRequests.push(params);
      const expectedAuth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expectedAuth) return answer(401, { error: 'invalid_client' });
      const grant = codes.get(params.get('code') ?? '');
      if (!grant || params.get('grant_type') !== 'authorization_code') return answer(400, { error: 'invalid_grant' });
      codes.delete(params.get('code') ?? '');
      const verifier = params.get('code_verifier') ?? '';
      if (base64url(createHash('sha256').update(verifier).digest()) !== grant.challenge) {
        return answer(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      if (params.get('redirect_uri') !== grant.redirectUri) return answer(400, { error: 'invalid_grant' });
      const idToken = [
        base64url(JSON.stringify({ alg: 'none', typ: 'JWT' })),
        base64url(JSON.stringify(grant.claims)),
        'sig',
      ].join('.');
      answer(200, {
        access_token: 'at-' + randomBytes(8).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: idToken,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    authorizationEndpoint: `${origin}/authorize`,
    tokenEndpoint: `${origin}/token`,
    consent(authorizeUrl, claims) {
      const challenge = authorizeUrl.searchParams.get('code_challenge');
      const redirectUri = authorizeUrl.searchParams.get('redirect_uri');
      if (!challenge || authorizeUrl.searchParams.get('code_challenge_method') !== 'S256' || !redirectUri) {
        throw new Error('the authorize URL lacks PKCE or a redirect URI');
      }
      const code = 'code-' + randomBytes(8).toString('hex');
      codes.set(code, { challenge, redirectUri, claims });
      return code;
    },
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
