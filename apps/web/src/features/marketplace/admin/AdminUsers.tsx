/** Placeholder: the back office's sellers and suspensions. */
export function AdminUsers() {
  return <main className="mx-auto w-full max-w-3xl px-4 py-6" />;
}
