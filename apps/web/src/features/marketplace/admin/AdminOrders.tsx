/** Placeholder: the back office's orders search. */
export function AdminOrders() {
  return <main className="mx-auto w-full max-w-3xl px-4 py-6" />;
}
