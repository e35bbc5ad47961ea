/** Placeholder: the back office's listings moderation. */
export function AdminListings() {
  return <main className="mx-auto w-full max-w-3xl px-4 py-6" />;
}
