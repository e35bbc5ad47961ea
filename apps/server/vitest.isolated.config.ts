import { defineConfig } from 'vitest/config';
import { MOCKING_FILES, SERVER_TEST } from './vitest.config';

/** The server test files that use vi.mock, each with modules of its own (see vitest.config.ts). */
export default defineConfig({
  test: {
    ...SERVER_TEST,
    name: 'server-mocks',
    include: MOCKING_FILES,
  },
});
