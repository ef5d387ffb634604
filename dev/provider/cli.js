// @ts-check
// Usage: node dev/provider/cli.js [--port N] [--latency MS] [--no-batching]
//          [--link-style azure|s3|gcs|cloudfront|no-expiry|unsigned] [--link-lifetime MS]
import { parseArgs } from 'node:util';
import { DEFAULT_LINK_LIFETIME_MS, linkPolicyProblem } from './link-signing.js';
import { startProvider } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    latency: { type: 'string', default: '0' },
    'no-batching': { type: 'boolean', default: false },
    // Signed, as the file services behind the real provider sign theirs.
    'link-style': { type: 'string', default: 'azure' },
    'link-lifetime': { type: 'string', default: String(DEFAULT_LINK_LIFETIME_MS) },
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

const linkStyle = /** @type {import('./link-signing.js').LinkStyle} */ (values['link-style']);
const linkLifetimeMs = toNumber('link-lifetime', values['link-lifetime']);
const linkProblem = linkPolicyProblem(linkStyle, linkLifetimeMs);
if (linkProblem) {
  console.error(`--link-style, --link-lifetime: ${linkProblem}`);
  process.exit(2);
}

const provider = await startProvider({
  port: toNumber('port', values.port),
  latencyMs: toNumber('latency', values.latency),
  batching: !values['no-batching'],
  linkStyle,
  linkLifetimeMs,
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
