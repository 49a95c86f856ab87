import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { adminTexts } from '../admin-texts';

export type AdminDialogProps = {
  /** Without them the dialog keeps its own open state (nothing outside needs to close it). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog; Radix returns focus to it when the dialog closes. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg';
  /** For an alert such as a delete confirmation. */
  role?: 'dialog' | 'alertdialog';
  onCloseAutoFocus?: ComponentProps<typeof Dialog.Content>['onCloseAutoFocus'];
};

/**
 * The admin area's modal: Radix traps focus inside, closes on Escape or with the close button, and
 * returns focus to the trigger. The body scrolls on its own on short screens.
 */
export function AdminDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  size = 'md',
  role = 'dialog',
  onCloseAutoFocus,
}: AdminDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/70" />
        <Dialog.Content
          role={role}
          data-surface="light"
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto overscroll-contain rounded-xl bg-white p-4 text-navy-900 shadow-2xl focus:outline-none sm:p-6',
            size === 'lg' ? 'max-w-3xl' : 'max-w-lg',
          )}
        >
          <div className="pr-10">
            <Dialog.Title className="font-display text-xl font-bold text-navy-900 sm:text-2xl">{title}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">{description}</Dialog.Description>
          </div>
          {children}
          <DialogCloseButton label={adminTexts.close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
