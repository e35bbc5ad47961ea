import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/server/vitest.isolated.config.ts', 'apps/web'],
    // Vitest's default on two cores is one worker; the server's files spend much of their time
    // waiting on PostgreSQL, so two keep both cores busy.
    maxWorkers: 2,
  },
});
