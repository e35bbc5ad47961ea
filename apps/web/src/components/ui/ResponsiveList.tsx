import type { ReactNode } from 'react';
import { cx } from './cx';

export type ListColumn<T> = {
  key: string;
  header: string;
  render: (item: T) => ReactNode;
  /** Right-align numbers and money. */
  numeric?: boolean;
};

type ResponsiveListProps<T> = {
  items: readonly T[];
  columns: readonly ListColumn<T>[];
  getKey: (item: T) => string;
  /** Accessible name of the table / list. */
  label: string;
  /** Card body on phones; defaults to header/value pairs of every column. */
  renderCard?: (item: T) => ReactNode;
};

/** Cards on phones, a table from the md breakpoint up: the one list shape of every screen. */
export function ResponsiveList<T>({ items, columns, getKey, label, renderCard }: ResponsiveListProps<T>) {
  return (
    <>
      <ul aria-label={label} className="flex flex-col gap-3 md:hidden">
        {items.map((item) => (
          <li key={getKey(item)} className="rounded-xl border border-stone-200 bg-white p-4">
            {renderCard ? (
              renderCard(item)
            ) : (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {columns.map((column) => (
                  <div key={column.key} className="contents">
                    <dt className="text-sm text-stone-700">{column.header}</dt>
                    <dd className={cx('text-stone-900', column.numeric && 'tabular-nums')}>
                      {column.render(item)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
        <table aria-label={label} className="w-full text-left tabular-nums">
          <thead className="border-b border-stone-200 bg-stone-100 text-sm text-stone-800">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cx('px-4 py-3 font-semibold', column.numeric && 'text-right')}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={getKey(item)} className="border-b border-stone-100 last:border-0">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cx('px-4 py-3 text-stone-900', column.numeric && 'text-right')}
                  >
                    {column.render(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
