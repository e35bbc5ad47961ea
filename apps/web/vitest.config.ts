import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __GONA_PUBLIC__: JSON.stringify({
      support_email: 'support@gona.test',
      postal_address: 'Port Harcourt, Nigeria',
      blog_url: 'https://blog.gona.test',
      pro_price_kobo: 0,
    }),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A worker sets up jsdom once and runs each file in a fresh context of it (its own modules and
    // globals): creating jsdom for each of a hundred files was a third of the suite's time.
    pool: 'vmThreads',
    // Each wait for the screen may take up to 5 s (asyncUtilTimeout in src/test/setup.ts), and a
    // test waits several times: the default 5 s for the whole test failed one on a loaded machine.
    testTimeout: 30_000,
  },
});
