import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What went wrong with a form as a whole, at the top of the form; announced to screen readers and
 * scrolled into view, so a farmer who scrolled down to Save still sees it (what was typed stays).
 */
export function FormAlert({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (children) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [children]);
  if (!children) return null;
  return (
    <p ref={ref} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}
