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

type ConfirmDialogProps = Pick<
  AdminDialogProps,
  'open' | 'onOpenChange' | 'trigger' | 'title' | 'description' | 'onCloseAutoFocus'
> & {
  /** What stands between the question and its buttons: a field, the reason a request failed. */
  children?: ReactNode;
  /** The button that closes without acting ('Keep event', 'Cancel', …). */
  cancelLabel: string;
  /** Defaults to closing the dialog. */
  onCancel?: () => void;
  cancelDisabled?: boolean;
  cancelStyle?: 'outline' | 'small';
  layout?: 'stack' | 'wrap';
  /** Spacing above the buttons. */
  actionsClassName?: string;
  /** The action: its label, what it does, when it cannot be pressed; the danger tone unless given a class. */
  confirm: { label: string; onClick: () => void; disabled?: boolean; className?: string };
};

/**
 * A question before an action that cannot be taken back (delete, cancel, unpublish): an alert
 * dialog with the question, Cancel first, then the action in the danger tone.
 */
export function ConfirmDialog({
  children,
  cancelLabel,
  onCancel,
  cancelDisabled,
  cancelStyle = 'small',
  layout,
  actionsClassName = 'mt-6',
  confirm,
  ...dialog
}: ConfirmDialogProps) {
  return (
    <AdminDialog role="alertdialog" {...dialog}>
      {children}
      <DialogActions
        className={actionsClassName}
        layout={layout}
        cancelStyle={cancelStyle}
        cancelLabel={cancelLabel}
        cancelDisabled={cancelDisabled}
        onCancel={onCancel ?? (() => dialog.onOpenChange(false))}
      >
        <button
          type="button"
          disabled={confirm.disabled}
          className={confirm.className ?? smallButton('danger')}
          onClick={confirm.onClick}
        >
          {confirm.label}
        </button>
      </DialogActions>
    </AdminDialog>
  );
}
