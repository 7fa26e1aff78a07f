// /admin: sign-in prompt, access denied, or the admin tabs (spec-2 §2, Admin).
import { useState } from 'react';
import { TabList } from '../../components/ui/tab-list.tsx';
import type { MeResponse } from '../../../server/routes/me.schemas.ts';
import { RequireUser, SignInPrompt } from '../../components/require-user.tsx';
import { AuditTab } from './components/audit-tab.tsx';
import { BotsTab } from './components/bots-tab.tsx';
import { DataTab } from './components/data-tab.tsx';
import { PayoutsTab } from './components/payouts-tab.tsx';
import { PrizesTab } from './components/prizes-tab.tsx';
import { SystemTab } from './components/system-tab.tsx';
import './admin.css';
import { usePageTitle } from '../../lib/use-page-title.ts';

const tabs = [
  { id: 'system', label: 'SYSTEM', title: 'System Operations' },
  { id: 'prizes', label: 'PRIZES', title: 'Prize Management' },
  { id: 'payouts', label: 'PAYOUTS', title: 'Payout Management' },
  { id: 'audit', label: 'AUDIT', title: 'Audit Trail' },
  { id: 'bots', label: 'BOTS', title: 'Bot Testing' },
  { id: 'data', label: 'DATA', title: 'Submissions Data' },
] as const;

type AdminTab = (typeof tabs)[number]['id'];

export function AdminScreen() {
  usePageTitle('Admin');
  return (
    <RequireUser
      signedOut={
        <SignInPrompt title="ADMIN ACCESS REQUIRED" message="Sign in with an admin account to use the admin panel." />
      }
    >
      {(user) => <AdminPanel user={user} />}
    </RequireUser>
  );
}

function AdminPanel({ user }: { user: MeResponse }) {
  const [tab, setTab] = useState<AdminTab>('system');

  if (user.role !== 'admin') {
    return (
      <div className="page stack">
        <h1 className="page-title">ACCESS DENIED</h1>
        <p>You need admin privileges to access this page.</p>
        <p className="muted">
          Signed in as {user.displayName} ({user.email})
        </p>
      </div>
    );
  }

  const current = tabs.find((item) => item.id === tab) ?? tabs[0];
  return (
    <div className="page stack">
      <h1 className="page-title">ADMIN PANEL</h1>
      <p className="muted">
        Signed in as <strong>{user.displayName}</strong> ({user.email}) · Role:{' '}
        <span className="badge badge-accent">{user.role.toUpperCase()}</span>
      </p>
      <TabList
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        label="Admin sections"
        idPrefix="admin-tab"
        panelId="admin-panel"
        className="tabs row"
      />
      <section id="admin-panel" role="tabpanel" aria-labelledby="admin-panel-title" className="card stack">
        <h2 id="admin-panel-title" className="card-title">
          {current.title}
        </h2>
        {current.id === 'system' && <SystemTab />}
        {current.id === 'prizes' && <PrizesTab />}
        {current.id === 'payouts' && <PayoutsTab />}
        {current.id === 'audit' && <AuditTab />}
        {current.id === 'bots' && <BotsTab />}
        {current.id === 'data' && <DataTab />}
      </section>
    </div>
  );
}
