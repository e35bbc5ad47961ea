import type { ReactNode } from 'react';
import { CircleHelp } from 'lucide-react';
import { helpArticlePath } from '@/lib/paths';

/**
 * "How do sales on credit work?" beside the screen it explains: opens the help article in a new tab,
 * so a form being filled stays as it is.
 */
export function HelpLink({ slug, children }: { slug: string; children: ReactNode }) {
  return (
    <a
      href={helpArticlePath(slug)}
      target="_blank"
      rel="noopener"
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-green-800 underline-offset-2 hover:underline"
    >
      <CircleHelp aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </a>
  );
}
