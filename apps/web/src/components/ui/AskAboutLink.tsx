import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AskIcon } from '@/components/brand/AskIcon';

/** "Ask about this" on a record's screen: opens the assistant with the question about that record. */
export function AskAboutLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 font-medium text-green-800 underline-offset-2 hover:underline"
    >
      <AskIcon aria-hidden="true" className="size-5 shrink-0" />
      {children}
    </Link>
  );
}
