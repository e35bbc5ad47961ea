import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';

type Props = {
  /** The heading's id, which names the card's region. */
  id: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
  title: string;
  /** One line under the title (counts, today's weather); nothing while it loads. */
  summary?: ReactNode;
  /** The screen the card leads to: its whole header is the link. */
  to: string;
  children?: ReactNode;
};

/** A card of /dashboard: a header that leads to its screen, and what the card shows under it. */
export function DashboardCard({ id, icon: Icon, title, summary, to, children }: Props) {
  return (
    <section aria-labelledby={id} className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <Link to={to} className="flex min-h-11 items-center gap-3">
        <Icon aria-hidden="true" className="size-6 shrink-0 text-green-700" />
        <span className="flex-1">
          <h2 id={id} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          {summary !== undefined && <span className="text-sm text-stone-700">{summary}</span>}
        </span>
        <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />
      </Link>
      {children}
    </section>
  );
}
