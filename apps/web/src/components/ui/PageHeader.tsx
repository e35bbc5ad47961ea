import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  description?: string;
  /** The screen's primary action (usually one Button). */
  action?: ReactNode;
};

export function PageHeader({ title, description, action }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold wrap-anywhere text-stone-900">{title}</h1>
        {description && <p className="mt-1 text-stone-700">{description}</p>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </header>
  );
}
