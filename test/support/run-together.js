// @ts-check
// `npm run checks` (and `npm test`, with the build among them): the npm scripts named on the command
// line, all at once, each one's output held and printed whole when it ends, in the order given; fails
// if any of them fails. ESLint and tsc each keep one core busy for their whole run: side by side they
// end together, not one after the other, and the build, which reads nothing they write, ends within
// ESLint's run. (Beside the suites instead, they measured slower: the suites leave no core idle.)
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * @param {string} script
 * @returns {Promise<{ script: string, code: number, output: string, seconds: number }>}
 */
function npmRun(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const end = (/** @type {number} */ code) =>
      resolve({ script, code, output, seconds: Math.round((Date.now() - started) / 1000) });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      end(1);
    });
    child.on('close', (code) => end(code ?? 1));
  });
}

const scripts = process.argv.slice(2);
let failed = 0;
for (const result of scripts.map(npmRun)) {
  const { script, code, output, seconds } = await result;
  const verdict = code === 0 ? 'passed' : `FAILED (exit code ${code})`;
  process.stdout.write(`> npm run ${script}: ${verdict} in ${seconds} s\n${output}`);
  if (code !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
