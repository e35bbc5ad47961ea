import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Each test file boots the app (and, without TEST_DATABASE_URL, an in-memory PGlite).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
