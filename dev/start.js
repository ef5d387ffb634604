// @ts-check
// `npm start`: builds the element and the demo, then serves both with the
// local provider and prints the URL. `--no-build` serves what is there.
import { spawnSync } from 'node:child_process';
import { buildDemo, serveDemo } from './demoServer.js';

const DEFAULT_PORT = 4173;

if (!process.argv.includes('--no-build')) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm run build failed; the demo needs dist/.');
    process.exit(result.status ?? 1);
  }
  await buildDemo();
}

const provider = await serveDemo({ port: Number(process.env.PORT ?? DEFAULT_PORT) });
console.log(`cm-material-download demo: ${provider.origin}/`);
console.log(`local provider (GraphQL): ${provider.graphqlUrl}`);
console.log('Ctrl+C stops it.');

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
