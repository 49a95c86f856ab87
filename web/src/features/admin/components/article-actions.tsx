import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { adminNewsTexts } from '../admin-news-texts';
import { useDeleteArticle } from '../api/admin-news';
import { useSignOutOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError } from '../lib/format';
import { AdminDialog } from './admin-dialog';
import { smallButton } from './admin-styles';
import { DialogActions } from './dialog-actions';

/** Deleting an article asks first; once deleted, the editor goes back to the list. */
export function DeleteArticle({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteArticle();
  const signOut = useSignOutOnUnauthorized();
  const [, navigate] = useLocation();
  const failure = remove.error && !signOut(remove.error) ? describeError(remove.error) : null;
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={adminNewsTexts.deleteTitle}
      description={adminNewsTexts.deleteDescription}
      trigger={
        <button type="button" className={smallButton('danger')}>
          <Trash2 aria-hidden="true" className="size-4" />
          {adminNewsTexts.deleteArticle}
        </button>
      }
    >
      {failure ? <StatusMessage tone="error">{failure}</StatusMessage> : null}
      <DialogActions
        className="mt-6"
        cancelStyle="small"
        cancelLabel={adminNewsTexts.keepArticle}
        onCancel={() => setOpen(false)}
      >
        <button
          type="button"
          className={smallButton('danger')}
          disabled={remove.isPending}
          onClick={() => remove.mutate(id, { onSuccess: () => navigate('/admin/news', { replace: true }) })}
        >
          {remove.isPending ? adminNewsTexts.deleting : adminNewsTexts.confirmDelete}
        </button>
      </DialogActions>
    </AdminDialog>
  );
}

/**
 * Taking a live (or scheduled) article offline asks first: its public page stops answering. The
 * dialog's action saves the article as a draft, with whatever was edited.
 */
export function UnpublishArticle({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={adminNewsTexts.unpublishTitle}
      description={adminNewsTexts.unpublishDescription}
      trigger={
        <button type="button" disabled={disabled} className={smallButton('outline')}>
          {adminNewsTexts.unpublish}
        </button>
      }
    >
      <DialogActions
        className="mt-6"
        cancelStyle="small"
        cancelLabel={adminNewsTexts.keepPublished}
        onCancel={() => setOpen(false)}
      >
        <button
          type="button"
          className={smallButton('danger')}
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
        >
          {adminNewsTexts.confirmUnpublish}
        </button>
      </DialogActions>
    </AdminDialog>
  );
}
