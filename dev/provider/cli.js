// @ts-check
// The local provider alone, for a page or an app in development: `node dev/provider/cli.js --help`.
import { parseArgs } from 'node:util';
import { DEFAULT_LINK_LIFETIME_MS, LINK_STYLES, linkPolicyProblem } from './link-signing.js';
import { startProvider } from './server.js';

const MAX_PORT = 65_535;

/**
 * Each option once: the parser, `--help` and the defaults all read this table, so the help cannot
 * drift from what the command takes.
 * @type {Record<string, { type: 'string' | 'boolean', short?: string, value?: string, default: string | boolean, help: string }>}
 */
const OPTIONS = {
  port: { type: 'string', value: 'N', default: '0', help: 'the port on 127.0.0.1; 0 takes a free one' },
  latency: { type: 'string', value: 'MS', default: '0', help: 'delays each answer by MS milliseconds' },
  'no-batching': {
    type: 'boolean',
    default: false,
    help: 'refuses array (batched) requests, as a server without batching does',
  },
  // Signed by default, as the file services behind the real provider sign theirs.
  'link-style': {
    type: 'string',
    value: 'STYLE',
    default: 'azure',
    help: `how the download links are signed: ${LINK_STYLES.join(', ')}`,
  },
  'link-lifetime': {
    type: 'string',
    value: 'MS',
    default: String(DEFAULT_LINK_LIFETIME_MS),
    help: 'how long a signed link is valid, in milliseconds (1 s to 7 days)',
  },
  help: { type: 'boolean', short: 'h', default: false, help: 'prints this and exits' },
};

function helpText() {
  const rows = Object.entries(OPTIONS).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
    const fallback = name === 'help' ? '' : ` (default: ${option.default === false ? 'off' : String(option.default)})`;
    return { flag, text: `${option.help}${fallback}` };
  });
  const width = Math.max(...rows.map(({ flag }) => flag.length));
  return [
    'Usage: node dev/provider/cli.js [options]',
    '',
    'Starts the local stand-in of the provider (GraphQL over HTTP, with sample materials and their files)',
    'and prints its GraphQL URL. Stop it with Ctrl+C.',
    '',
    'Options:',
    ...rows.map(({ flag, text }) => `  ${flag.padEnd(width)}  ${text}`),
  ].join('\n');
}

/**
 * A mistake on the command line is the user's, not the program's: one line that names it, and
 * exit code 2 as for any usage error, without the stack Node would print for a throw.
 * @param {string} problem
 * @returns {never}
 */
function usageError(problem) {
  console.error(`${problem}; see --help`);
  process.exit(2);
}

// Not strict: parseArgs' own errors are multi-line and name no way out, so the tokens are checked here.
const { values, tokens } = parseArgs({
  options: Object.fromEntries(
    Object.entries(OPTIONS).map(([name, { type, short, default: fallback }]) => [
      name,
      { type, default: fallback, ...(short ? { short } : {}) },
    ]),
  ),
  strict: false,
  allowPositionals: true,
  tokens: true,
});

for (const token of tokens) {
  if (token.kind === 'positional') usageError(`unexpected argument "${token.value}"`);
  if (token.kind !== 'option') continue;
  const option = OPTIONS[token.name];
  if (!option) usageError(`unknown option ${token.rawName}`);
  if (option.type === 'boolean' && token.value !== undefined) {
    usageError(`${token.rawName} takes no value, got "${token.value}"`);
  }
  // `--port --latency 5` would otherwise read "--latency" as the port.
  if (option.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-')))) {
    usageError(`${token.rawName} needs a value (${option.value ?? 'a value'})`);
  }
}

if (values.help) {
  console.log(helpText());
  process.exit(0);
}

/**
 * @param {string} name
 * @param {number} [max]
 */
function wholeNumber(name, max = Number.MAX_SAFE_INTEGER) {
  const text = String(values[name]);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > max) {
    usageError(
      `--${name} expects a whole number${max < Number.MAX_SAFE_INTEGER ? ` up to ${max}` : ''}, got "${text}"`,
    );
  }
  return value;
}

const linkStyle = /** @type {import('./link-signing.js').LinkStyle} */ (String(values['link-style']));
const linkLifetimeMs = wholeNumber('link-lifetime');
const linkProblem = linkPolicyProblem(linkStyle, linkLifetimeMs);
if (linkProblem) usageError(`--link-style, --link-lifetime: ${linkProblem}`);

const provider = await startProvider({
  port: wholeNumber('port', MAX_PORT),
  latencyMs: wholeNumber('latency'),
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
