// @ts-check
// Usage: node dev/provider/cli.js [--port N] [--latency MS] [--no-batching]
import { parseArgs } from 'node:util';
import { startProvider } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    latency: { type: 'string', default: '0' },
    'no-batching': { type: 'boolean', default: false },
  },
});

/** @param {string} name @param {string | undefined} text */
function toNumber(name, text) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} expects a whole number, got "${text}"`);
    process.exit(2);
  }
  return value;
}

const provider = await startProvider({
  port: toNumber('port', values.port),
  latencyMs: toNumber('latency', values.latency),
  batching: !values['no-batching'],
});
console.log(`provider stand-in: ${provider.graphqlUrl}`);

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    provider.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
