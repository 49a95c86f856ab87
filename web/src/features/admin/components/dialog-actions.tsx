import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { outlineButton, smallButton } from './admin-styles';

type DialogActionsProps = {
  /** The button that closes the dialog without acting ('Cancel', 'Keep event', …). */
  cancelLabel: string;
  onCancel: () => void;
  /** Cancel cannot be pressed while the dialog's request runs (the dialog stays open until it ends). */
  cancelDisabled?: boolean;
  /** 'outline' beside a full-size action; 'small' beside a table-size one. */
  cancelStyle?: 'outline' | 'small';
  /**
   * 'stack': the action above Cancel on a phone, side by side from small screens up;
   * 'wrap': side by side, wrapping when they do not fit.
   */
  layout?: 'stack' | 'wrap';
  /** Spacing above the row, e.g. 'mt-5'. */
  className?: string;
  /** The action(s), after Cancel in reading order. */
  children: ReactNode;
};

const layouts = {
  stack: 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end',
  wrap: 'flex flex-wrap justify-end gap-3',
};

/** A dialog's closing row: Cancel first in reading order, then the action, aligned to the end. */
export function DialogActions({
  cancelLabel,
  onCancel,
  cancelDisabled,
  cancelStyle = 'outline',
  layout = 'stack',
  className,
  children,
}: DialogActionsProps) {
  return (
    <div className={cn(className, layouts[layout])}>
      <button
        type="button"
        disabled={cancelDisabled}
        onClick={onCancel}
        className={cancelStyle === 'small' ? smallButton('outline') : outlineButton()}
      >
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}

type ConfirmButtonProps = {
  label: string;
  /** What the button reads while the request runs; it cannot be pressed then. */
  busyLabel: string;
  pending: boolean;
  /** Without it the button submits its form. */
  onClick?: () => void;
};

/** A dialog's destructive action (delete, refund, cancel a plan), in the danger tone. */
export function ConfirmButton({ label, busyLabel, pending, onClick }: ConfirmButtonProps) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      disabled={pending}
      onClick={onClick}
      className={smallButton('danger', 'px-5')}
    >
      {pending ? busyLabel : label}
    </button>
  );
}
