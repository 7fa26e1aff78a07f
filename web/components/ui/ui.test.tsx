// @vitest-environment happy-dom
// The shared toast, confirm and prompt components.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PromptDialog } from './prompt-dialog.tsx';
import { nextTabIndex, TabList } from './tab-list.tsx';
import { ToastProvider, useToast } from './toast.tsx';

afterEach(cleanup);

function ToastButtons() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'First', description: 'one' })}>
        first
      </button>
      <button type="button" onClick={() => toast({ title: 'Second', variant: 'destructive' })}>
        second
      </button>
    </>
  );
}

describe('toasts', () => {
  it('shows one toast at a time, the newest replacing the old', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ToastButtons />
      </ToastProvider>,
    );
    // The region loads on demand (its own chunk): here as soon as a component that can toast is mounted.
    expect(await screen.findByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('First')).toBeTruthy();
    expect(screen.getByText('one')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('First')).toBeNull());
  });

  it('leaves the region out while nothing on screen can toast', async () => {
    const { rerender } = render(
      <ToastProvider>
        <p>quiet screen</p>
      </ToastProvider>,
    );
    expect(screen.getByText('quiet screen')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();
    rerender(
      <ToastProvider>
        <ToastButtons />
      </ToastProvider>,
    );
    expect(await screen.findByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
  });
});

function ConfirmHarness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="DELETE ACCOUNT?"
      description="This cannot be undone."
      confirmLabel="DELETE"
      destructive
      onConfirm={onConfirm}
    />
  );
}

function PromptHarness({ onSubmit, requiredMessage }: { onSubmit: (value: string) => void; requiredMessage?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <PromptDialog
      open={open}
      onOpenChange={setOpen}
      title="MARK PAID"
      label="PayPal transaction ID or voucher code"
      submitLabel="SAVE"
      onSubmit={onSubmit}
      {...(requiredMessage !== undefined ? { requiredMessage } : {})}
    />
  );
}

describe('dialogs', () => {
  it('confirms or cancels', async () => {
    const user = userEvent.setup();
    const confirmed: string[] = [];
    render(<ConfirmHarness onConfirm={() => confirmed.push('yes')} />);
    expect(screen.getByRole('dialog', { name: 'DELETE ACCOUNT?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'DELETE' }));
    expect(confirmed).toEqual(['yes']);
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirmed).toEqual(['yes']);
  });

  it('hands the typed value to onSubmit; cancel submits nothing', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    render(<PromptHarness onSubmit={(value) => values.push(value)} />);
    await user.type(screen.getByLabelText('PayPal transaction ID or voucher code'), 'TX-42');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(values).toEqual(['TX-42']);
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(values).toEqual(['TX-42']);
  });
});

describe('prompt dialog with a required answer', () => {
  it('refuses a blank answer with the message and passes a real one on', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    render(<PromptHarness onSubmit={(value) => values.push(value)} requiredMessage="Enter the code" />);
    await user.type(screen.getByLabelText('PayPal transaction ID or voucher code'), '   ');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the code');
    expect(values).toEqual([]);
    await user.type(screen.getByLabelText('PayPal transaction ID or voucher code'), 'TX-1');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(values).toEqual(['   TX-1']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function TabsHarness() {
  const [selected, setSelected] = useState<'a' | 'b' | 'c'>('a');
  const tabs = [
    { id: 'a', label: 'ALPHA' },
    { id: 'b', label: 'BETA' },
    { id: 'c', label: 'GAMMA' },
  ] as const;
  return (
    <>
      <TabList
        tabs={tabs}
        selected={selected}
        onSelect={setSelected}
        label="Letters"
        idPrefix="letter-tab"
        panelId="letter-panel"
      />
      <div role="tabpanel" id="letter-panel" aria-labelledby={`letter-tab-${selected}`}>
        panel {selected}
      </div>
    </>
  );
}

describe('tab list', () => {
  it('computes the next tab for arrows, Home and End, wrapping around', () => {
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextTabIndex('ArrowUp', 1, 3)).toBe(0);
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('Enter', 0, 3)).toBeNull();
  });

  it('keeps only the selected tab in the Tab order and moves selection and focus with the keys', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'ALPHA' }));
    expect(screen.getByRole('tab', { name: 'BETA' }).tabIndex).toBe(-1);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'BETA' }));
    expect(screen.getByRole('tab', { name: 'BETA' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'BETA' }).tabIndex).toBe(0);
    expect(screen.getByRole('tabpanel', { name: 'BETA' }).textContent).toBe('panel b');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'ALPHA' }));
    // Tab leaves the tab list instead of walking through the other tabs.
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });
});
