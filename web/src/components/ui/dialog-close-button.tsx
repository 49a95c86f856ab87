import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** A dialog's close button: an X in its top right corner, 44 px square, named for screen readers. */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close
      aria-label={label}
      className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-navy-50 hover:text-navy-900"
    >
      <X aria-hidden="true" className="size-5" />
    </Dialog.Close>
  );
}
