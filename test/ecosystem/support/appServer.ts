import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface AppServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** What the server printed so far, stdout and stderr. */
  output: () => string;
  close: () => Promise<void>;
}

/** A port nothing listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * An app's own server (`next start`, `next dev`, a SvelteKit Node build), started as the app's
 * README says, on `port`; resolves once it answers `path` at all. A group of its own, so that
 * stopping it also stops the workers it forks.
 */
export async function startAppServer(
  args: string[],
  {
    cwd,
    env,
    port,
    path = '/',
    timeoutMs = 120_000,
  }: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    port: number;
    path?: string;
    timeoutMs?: number;
  },
): Promise<AppServer> {
  const child = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${printed}`);
    const answered = await fetch(`${origin}${path}`).then(
      () => true,
      () => false,
    );
    if (answered) return { origin, output: () => printed, close };
    if (Date.now() > deadline) {
      await close();
      throw new Error(`${args.join(' ')} did not answer within ${timeoutMs} ms:\n${printed}`);
    }
    await sleep(250);
  }
}
