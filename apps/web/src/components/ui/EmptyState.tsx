import type { ComponentType, ReactNode } from 'react';

type EmptyStateProps = {
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  /** One sentence on what the screen is for. */
  description: string;
  /** The one button that starts it. */
  action?: ReactNode;
};

export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
      {Icon && <Icon aria-hidden className="size-10 text-green-700" />}
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <p className="max-w-md text-stone-700">{description}</p>
      {action}
    </div>
  );
}
