// @ts-check
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../dev/provider/cli.js', import.meta.url));

/**
 * The command as a developer runs it, in a process of its own: its exit code and its output are
 * what is under test, and a usage error must end the process before any server listens.
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function run(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('node dev/provider/cli.js', () => {
  it.concurrent.each([['--help'], ['-h']])(
    '%s prints every option with what it does and its default, and exits 0',
    async (flag) => {
      const { code, stdout, stderr } = await run([flag]);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toMatch(/^Usage: node dev\/provider\/cli\.js/);
      for (const line of [
        /--port N +.*\(default: 0\)$/m,
        /--latency MS +.*\(default: 0\)$/m,
        /--no-batching +.*\(default: off\)$/m,
        /--link-style STYLE +.*unsigned, azure, s3, gcs, cloudfront, no-expiry \(default: azure\)$/m,
        /--link-lifetime MS +.*\(default: 900000\)$/m,
        /-h, --help +prints this and exits$/m,
      ]) {
        expect(stdout).toMatch(line);
      }
    },
  );

  // Each case is a process of its own that mostly starts Node and imports the server: side by side.
  it.concurrent.each([
    [['--verbose'], 'unknown option --verbose; see --help'],
    [['-x'], 'unknown option -x; see --help'],
    [['--port'], '--port needs a value (N); see --help'],
    [['--port', '--latency', '5'], '--port needs a value (N); see --help'],
    [['--port', 'abc'], '--port expects a whole number up to 65535, got "abc"; see --help'],
    [['--port', '70000'], '--port expects a whole number up to 65535, got "70000"; see --help'],
    [['--latency='], '--latency expects a whole number, got ""; see --help'],
    [['--no-batching=yes'], '--no-batching takes no value, got "yes"; see --help'],
    [['4000'], 'unexpected argument "4000"; see --help'],
    [
      ['--link-style', 'ftp'],
      '--link-style, --link-lifetime: link style "ftp" is none of unsigned, azure, s3, gcs, cloudfront, no-expiry; see --help',
    ],
  ])('%j: one line naming the mistake, exit code 2, no stack', async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: `${message}\n` });
  });
});
