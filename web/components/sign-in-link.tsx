// The sign-in prompt's link: Google sign-in (or the development form) that brings the player back to the screen
// they were on, e.g. /winnings from a winner's mail.
import { useLocation } from 'react-router';
import { signInReturningTo } from '../lib/paths.ts';

export function SignInLink() {
  const { pathname, search } = useLocation();
  return (
    <a className="btn btn-primary" href={signInReturningTo(pathname + search)}>
      SIGN IN WITH GOOGLE
    </a>
  );
}
