import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { type ToastVariant, useToast } from './use-toast';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-navy-900',
  destructive: 'border-crimson-700 bg-crimson-600 text-white',
};

/** Renders the toasts of the surrounding provider in Radix's live-region viewport. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <RadixToast.Provider>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <RadixToast.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-4 rounded-md border p-5 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
            variantClasses[variant],
          )}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{title}</RadixToast.Title>
            {description ? (
              <RadixToast.Description className="text-sm opacity-90">{description}</RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close
            aria-label="Close"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]" />
    </RadixToast.Provider>
  );
}
