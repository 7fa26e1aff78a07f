// DANGER ZONE: account deletion behind the spec's confirmation; afterwards the cache is cleared (signed out) and the
// user goes to '/'.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { meKeys } from '../../../api/query-keys.ts';

export function DangerZone() {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();

  const confirm = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        // Signed out at once: me becomes null in place (the header's observer keeps watching that query, which a
        // full clear() would orphan) and every other cached answer belonged to the deleted account.
        queryClient.setQueryData(meKeys.me(), null);
        queryClient.removeQueries({ predicate: (query) => !meKeys.isMe(query.queryKey) });
        toast({ title: 'Account Deleted' });
        void navigate(paths.home);
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: 'Delete Failed',
          description: messageOf(error, 'Failed to delete account'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <section className="card danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title" className="card-title">
        DANGER ZONE
      </h2>
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        DELETE ACCOUNT
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setConfirming(open);
        }}
        title="DELETE ACCOUNT?"
        description="This action cannot be undone. Your account and all data will be permanently deleted."
        confirmLabel="DELETE"
        pendingLabel="DELETING..."
        pending={remove.isPending}
        destructive
        onConfirm={confirm}
      />
    </section>
  );
}
