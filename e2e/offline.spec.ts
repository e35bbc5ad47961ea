import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addSupply } from './support/inventory';

type Supply = { id: string; name: string; quantity: string };
type Movement = { id: string; kind: string; quantity: string };

/** The changes waiting in the app's IndexedDB copy of the query cache (idb-keyval's default store). */
function queuedInIndexedDb(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get('gona.query-cache');
          read.onerror = () => reject(new Error(String(read.error)));
          read.onsuccess = () => {
            const saved = read.result as { clientState?: { mutations?: unknown[] } } | undefined;
            open.result.close();
            resolve(saved?.clientState?.mutations?.length ?? 0);
          };
        };
      }),
  );
}

test('a stock movement recorded offline waits on the phone through a closed tab and is recorded once when back online', async ({
  farmer: {
    page,
    farm: { id: farmId },
  },
  context,
  browser,
  baseURL,
}) => {
  await page.goto('/dashboard/inventory');
  await addSupply(page, { name: 'Layers mash', quantity: '10', lowStockLevel: '2' });
  const row = page.getByRole('listitem').filter({ hasText: 'Layers mash' });
  await expect(row.getByText('10 bags (25 kg)')).toBeVisible();

  const supplies = (await (await page.request.get(`/api/farms/${farmId}/supplies`)).json()) as {
    items: Supply[];
  };
  const supplyId = supplies.items.find((s) => s.name === 'Layers mash')!.id;

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Record use of Layers mash' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('How much?').fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Saved on this phone. It will be sent when you are back online.'),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText(
    '1 change is waiting to be sent.',
  );
  await expect.poll(() => queuedInIndexedDb(page)).toBe(1);
  // The list counts the queued use at once, marked as waiting to send.
  await expect(row.getByText('7 bags (25 kg)')).toBeVisible();
  await expect(row.getByText('waiting to send')).toBeVisible();

  // The phone starts the app again with what this tab left in storage (cookies, IndexedDB). A second
  // context stands in for that start: closing an emulated-offline page lifts the emulation while
  // the page still runs, so the dying tab would send its queue itself and prove nothing.
  const saved = await context.storageState({ indexedDB: true });
  const restarted = await browser.newContext({
    baseURL,
    storageState: saved,
    viewport: { width: 360, height: 740 },
  });
  const beforeReplay = (await (
    await restarted.request.get(`/api/farms/${farmId}/supplies/${supplyId}`)
  ).json()) as Supply;
  expect(Number(beforeReplay.quantity)).toBe(10);

  const next = await restarted.newPage();
  await next.goto('/dashboard/inventory');
  await expect(
    next.getByRole('listitem').filter({ hasText: 'Layers mash' }).getByText('7 bags (25 kg)'),
  ).toBeVisible();
  await expect(next.getByText('change is waiting to be sent', { exact: false })).toBeHidden();
  await expect.poll(() => queuedInIndexedDb(next)).toBe(0);

  const supply = (await (
    await next.request.get(`/api/farms/${farmId}/supplies/${supplyId}`)
  ).json()) as Supply;
  expect(Number(supply.quantity)).toBe(7);

  // Another start of the app must not send the movement again.
  await next.reload();
  await expect(
    next.getByRole('listitem').filter({ hasText: 'Layers mash' }).getByText('7 bags (25 kg)'),
  ).toBeVisible();
  const history = (await (
    await next.request.get(`/api/farms/${farmId}/supplies/${supplyId}/movements`)
  ).json()) as { items: Movement[] };
  const used = history.items.filter((m) => m.kind === 'used');
  expect(used).toHaveLength(1);
  expect(Number(used[0]!.quantity)).toBe(-3);
  const after = (await (
    await next.request.get(`/api/farms/${farmId}/supplies/${supplyId}`)
  ).json()) as Supply;
  expect(Number(after.quantity)).toBe(7);

  // The first tab still holds its own copy of the queue; back online it sends the same movement id,
  // and the server keeps the one movement it has.
  const resent = page.waitForResponse(
    (r) => r.url().includes('/movements') && r.request().method() === 'POST',
  );
  await context.setOffline(false);
  expect((await resent).ok()).toBe(true);
  expect((await resent).request().postDataJSON()).toMatchObject({ id: used[0]!.id });
  await expect(page.getByText('change is waiting to be sent', { exact: false })).toBeHidden();
  const final = (await (
    await next.request.get(`/api/farms/${farmId}/supplies/${supplyId}/movements`)
  ).json()) as {
    items: Movement[];
  };
  expect(final.items.filter((m) => m.kind === 'used')).toHaveLength(1);
  expect(
    Number(
      ((await (await next.request.get(`/api/farms/${farmId}/supplies/${supplyId}`)).json()) as Supply)
        .quantity,
    ),
  ).toBe(7);
  await restarted.close();
});
