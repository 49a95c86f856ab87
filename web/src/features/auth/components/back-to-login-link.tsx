import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { authLinkClasses } from './auth-card';

/** The way back to /login from the forgot and reset cards. */
export function BackToLoginLink({ children }: { children: ReactNode }) {
  return (
    <p className="text-center">
      <Link href="/login" className={cn('inline-flex items-center gap-1', authLinkClasses)}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {children}
      </Link>
    </p>
  );
}
