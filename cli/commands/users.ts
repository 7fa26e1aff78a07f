import type { Command } from '../command.ts';
import type { Role } from '../../core/model.ts';
import { setRole } from '../../core/accounts/profile.ts';

const roleCommand = (verb: 'promote' | 'demote', role: Role): Command => ({
  name: `users ${verb}`,
  args: ['EMAIL'],
  options: {},
  summary:
    verb === 'promote'
      ? 'Give the user with this e-mail the admin role.'
      : 'Take the admin role away (back to player).',
  details:
    'EMAIL is the address the user signed in with (verified by Google), not the contact e-mail of their profile. ' +
    'The user must have signed in once. ADMIN_EMAILS grants admin at sign-in; sign-in never demotes.',
  run: async ({ args, open }) => {
    const [email = ''] = args;
    const { deps } = await open();
    const user = await setRole(deps, email, role);
    return {
      data: { id: user.id, email: user.email, displayName: user.displayName, role: user.role },
      text: `${user.email} (${user.displayName}) is now ${user.role === 'admin' ? 'an admin' : 'a player'}.`,
    };
  },
});

export const promoteCommand = roleCommand('promote', 'admin');
export const demoteCommand = roleCommand('demote', 'player');
