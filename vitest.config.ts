import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: {
    __CM_GRAPHQL_ENDPOINT__: JSON.stringify('/graphql'),
    __CM_VERSION__: JSON.stringify('test'),
  },
  test: {
    include: ['test/**/*.test.{ts,js}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser suites each start Chromium; two cores are shared by all of them.
    maxWorkers: 2,
  },
});
