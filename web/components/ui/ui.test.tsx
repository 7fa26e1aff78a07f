// @vitest-environment happy-dom
// The shared toast, confirm and prompt components.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PromptDialog } from './prompt-dialog.tsx';
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
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('First')).toBeTruthy();
    expect(screen.getByText('one')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('First')).toBeNull());
  });
});

function ConfirmHarness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog open={open} onOpenChange={setOpen} title="DELETE ACCOUNT?" description="This cannot be undone." confirmLabel="DELETE" destructive onConfirm={onConfirm} />
  );
}

function PromptHarness({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [open, setOpen] = useState(true);
  return <PromptDialog open={open} onOpenChange={setOpen} title="MARK PAID" label="PayPal transaction ID or voucher code" submitLabel="SAVE" onSubmit={onSubmit} />;
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
