/** Placeholder: the back office's failed and held payouts. */
export function AdminPayouts() {
  return <main className="mx-auto w-full max-w-3xl px-4 py-6" />;
}
