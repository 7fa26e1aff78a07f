// The one sign-in gate of the web app: a screen (or a section of one) that needs a signed-in player renders through
// it, handing it the signed-out state the spec gives that screen; the screen itself only ever sees a user.
import type { ReactNode } from 'react';
import type { MeResponse } from '../../server/routes/me.schemas.ts';
import { useMe } from '../api/me.ts';
import { SignInLink } from './sign-in-link.tsx';

const checking = (
  <p className="page" role="status">
    LOADING...
  </p>
);

export function RequireUser({
  signedOut,
  loading = checking,
  children,
}: {
  /** What a signed-out visitor sees: a `SignInPrompt` with the screen's texts, or a redirect. */
  signedOut: ReactNode;
  /** What shows while the session is checked. */
  loading?: ReactNode;
  children: (user: MeResponse) => ReactNode;
}) {
  const { user, isLoading } = useMe();
  if (isLoading) return loading;
  if (user === null) return signedOut;
  return children(user);
}

/** A screen's signed-out state: its heading, why to sign in, and the sign-in link back to it. */
export function SignInPrompt({ title, message }: { title: string; message: string }) {
  return (
    <div className="page stack">
      <h1 className="page-title">{title}</h1>
      <p>{message}</p>
      <SignInLink />
    </div>
  );
}
