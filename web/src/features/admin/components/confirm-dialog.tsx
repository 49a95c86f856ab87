import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { AdminDialog, type AdminDialogProps } from './admin-dialog';
import { smallButton } from './admin-styles';
import { DialogActions } from './dialog-actions';

type IconButtonProps = Omit<ComponentProps<'button'>, 'children' | 'type'> & {
  /** Drawn before the label and hidden from assistive technology: the label names the button. */
  icon?: LucideIcon;
  iconClassName?: string;
  label: ReactNode;
};

/**
 * A button with an optional icon before its label. As a dialog's trigger it takes Radix's props and
 * ref (React 19 passes ref as a prop), so focus returns to it when the dialog closes.
 */
export function IconButton({ icon: Icon, iconClassName = 'size-4', label, ...props }: IconButtonProps) {
  return (
    <button type="button" {...props}>
      {Icon ? <Icon aria-hidden="true" className={iconClassName} /> : null}
      {label}
    </button>
  );
}

type ConfirmDialogProps = Required<Pick<AdminDialogProps, 'open' | 'onOpenChange'>> &
  Pick<AdminDialogProps, 'trigger' | 'title' | 'description' | 'onCloseAutoFocus'> & {
    /** What stands between the question and its buttons: a field, the reason a request failed. */
    children?: ReactNode;
    /** The button that closes without acting ('Keep event', 'Cancel', …); it closes the dialog. */
    cancelLabel: string;
    /**
     * 'compact': table-size buttons; 'roomy': an outline Cancel and a wider action, for a dialog that
     * stays open until its request ends (Cancel waits for it too).
     */
    variant?: 'compact' | 'roomy';
    layout?: 'stack' | 'wrap';
    /**
     * The action: its label, what it does, and while its request runs (`pending`) what it reads
     * instead; it cannot be pressed then, nor when `disabled`.
     */
    confirm: { label: string; busyLabel?: string; pending?: boolean; disabled?: boolean; onClick: () => void };
  };

const variants = {
  compact: { actions: 'mt-6', cancel: 'small', action: smallButton('danger') },
  roomy: { actions: 'mt-5', cancel: 'outline', action: smallButton('danger', 'px-5') },
} as const;

/**
 * A question before an action that cannot be taken back (delete, cancel, unpublish): an alert
 * dialog with the question, Cancel first, then the action in the danger tone.
 */
export function ConfirmDialog({
  children,
  cancelLabel,
  variant = 'compact',
  layout,
  confirm,
  ...dialog
}: ConfirmDialogProps) {
  const style = variants[variant];
  const pending = confirm.pending ?? false;
  return (
    <AdminDialog role="alertdialog" {...dialog}>
      {children}
      <DialogActions
        className={style.actions}
        layout={layout}
        cancelStyle={style.cancel}
        cancelLabel={cancelLabel}
        cancelDisabled={variant === 'roomy' && pending}
        onCancel={() => dialog.onOpenChange(false)}
      >
        <button type="button" disabled={pending || confirm.disabled} className={style.action} onClick={confirm.onClick}>
          {pending ? (confirm.busyLabel ?? confirm.label) : confirm.label}
        </button>
      </DialogActions>
    </AdminDialog>
  );
}
