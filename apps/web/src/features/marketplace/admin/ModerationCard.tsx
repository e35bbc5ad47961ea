import type { ReactNode } from 'react';
import { Button } from '@/components/ui';

/** Gona's one step on a row: taking it (hide, stop selling) or undoing it (show again, restore). */
export type ModerationStep = { undo: boolean; label: string; text: string; onClick: () => void };

type Props = {
  title: string;
  /** Beside the title: its status, and whether Gona hid or stopped it. */
  badges: ReactNode;
  /** When and why Gona hid or stopped it; null when it did not. */
  note: string | null;
  /** None when Gona may not act on it (an admin on themselves). */
  step?: ModerationStep;
  /** What is known of it, a line each. */
  children: ReactNode;
};

/** A listing or a person in a moderation list, with what Gona did to it and may do next. */
export function ModerationCard({ title, badges, note, step, children }: Props) {
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 font-semibold break-words text-stone-900">{title}</h2>
        {badges}
      </header>
      {children}
      {note !== null && <p className="rounded-lg bg-red-50 px-3 py-2 break-words text-red-900">{note}</p>}
      {step && (
        <div>
          <Button variant={step.undo ? 'secondary' : 'danger'} aria-label={step.label} onClick={step.onClick}>
            {step.text}
          </Button>
        </div>
      )}
    </article>
  );
}
