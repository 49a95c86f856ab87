import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { adminNewsTexts } from '../admin-news-texts';
import { useDeleteArticle } from '../api/admin-news';
import { useSignOutOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError } from '../lib/format';
import { smallButton } from './admin-styles';
import { ConfirmDialog, IconButton } from './confirm-dialog';

/** Deleting an article asks first; once deleted, the editor goes back to the list. */
export function DeleteArticle({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteArticle();
  const signOut = useSignOutOnUnauthorized();
  const [, navigate] = useLocation();
  const failure = remove.error && !signOut(remove.error) ? describeError(remove.error) : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={adminNewsTexts.deleteTitle}
      description={adminNewsTexts.deleteDescription}
      trigger={<IconButton icon={Trash2} label={adminNewsTexts.deleteArticle} className={smallButton('danger')} />}
      cancelLabel={adminNewsTexts.keepArticle}
      confirm={{
        label: adminNewsTexts.confirmDelete,
        busyLabel: adminNewsTexts.deleting,
        pending: remove.isPending,
        onClick: () => remove.mutate(id, { onSuccess: () => navigate('/admin/news', { replace: true }) }),
      }}
    >
      {failure ? <StatusMessage tone="error">{failure}</StatusMessage> : null}
    </ConfirmDialog>
  );
}

/**
 * Taking a live (or scheduled) article offline asks first: its public page stops answering. The
 * dialog's action saves the article as a draft, with whatever was edited.
 */
export function UnpublishArticle({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={adminNewsTexts.unpublishTitle}
      description={adminNewsTexts.unpublishDescription}
      trigger={<IconButton disabled={disabled} label={adminNewsTexts.unpublish} className={smallButton('outline')} />}
      cancelLabel={adminNewsTexts.keepPublished}
      confirm={{
        label: adminNewsTexts.confirmUnpublish,
        onClick: () => {
          setOpen(false);
          onConfirm();
        },
      }}
    />
  );
}
