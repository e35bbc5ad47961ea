import type { ReactNode } from 'react';

/** What went wrong with a form as a whole, above or below its fields; announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}
