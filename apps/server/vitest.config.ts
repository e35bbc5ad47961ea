import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Test files that replace a module with vi.mock. A mock only reaches modules imported after it, so
 * these run in a module graph of their own (vitest.isolated.config.ts); every other file shares its
 * worker's modules with the files before it (isolate: false), as the one server process does.
 */
export const MOCKING_FILES = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(join(src, file), 'utf8')))
  .map((file) => `src/${file.split('\\').join('/')}`);

export const SERVER_TEST: NonNullable<ViteUserConfig['test']> = {
  environment: 'node',
  globalSetup: ['./src/test/global-setup.ts'],
  setupFiles: ['./src/test/setup.ts'],
  // Each test file boots the app on its worker's database (or, without TEST_DATABASE_URL, an in-memory PGlite).
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    ...SERVER_TEST,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    // Importing the app is most of a file's cost: a worker imports it once for all its files. Files
    // still share nothing else: each opens its own app, clock and users (src/test/context.ts).
    isolate: false,
  },
});
