type WaitingItem = { id: string; name: string; detail: string };

/**
 * New records saved on the phone and still waiting for the connection, above a list: shown
 * dashed until the server has them. Nothing when there are none.
 */
export function WaitingList({ label, items }: { label: string; items: readonly WaitingItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-4"
        >
          <span className="min-w-0 font-medium wrap-anywhere text-stone-900">{item.name}</span>
          <span className="text-sm text-stone-700">{item.detail}</span>
        </li>
      ))}
    </ul>
  );
}
