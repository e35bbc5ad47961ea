/**
 * What the running test file opened and must close when it ends: its apps' pg-boss, database pool and
 * upload folder. A hook registered while a file runs (createTestContext is called in beforeAll) would
 * never run, so src/test/setup.ts closes these after every file. Kept apart from context.ts, which
 * imports the app: setup.ts must import nothing a test file may vi.mock.
 */
const closers = new Set<() => Promise<void>>();

export function closeAfterFile(close: () => Promise<void>): void {
  closers.add(close);
}

export async function closeFileResources(): Promise<void> {
  const open = [...closers];
  closers.clear();
  await Promise.all(open.map((close) => close()));
}
