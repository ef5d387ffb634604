import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';

/** The profiles the engines' browsers run on (`puppeteerDriver`, made with mkdtemp): what marks a browser as ours. */
const OUR_PROFILE = /\S*cm-(?:chromium|firefox)-profile-[A-Za-z0-9]+/;

interface ProcessInfo {
  pid: number;
  parent: number;
  group: number;
  commandLine: string;
}

function processInfo(pid: number): ProcessInfo | null {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state, parent, process group.
    const [, parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, parent: Number(parent), group: Number(group), commandLine };
  } catch {
    return null; // Gone meanwhile, or not ours to read.
  }
}

/**
 * Stops the browsers a test worker left running, and removes their profiles.
 *
 * A worker stops its browsers as it exits (puppeteer's `exit` handler, see
 * `oncePerWorker`), but a worker killed outright, as Vitest does with one
 * that has not exited half a second after SIGTERM on a busy machine, never
 * runs it: its browser lives on, reparented, after the run (seen with Firefox
 * twice in a dozen runs). Only a browser whose parent is no longer a Node
 * process is stopped: one a running worker still drives is left alone, so
 * this is safe whenever it runs. Linux only (`/proc`); elsewhere it does nothing.
 */
function stopLeftBrowsers(): void {
  if (!existsSync('/proc')) return;
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((info): info is ProcessInfo => info !== null);
  const byPid = new Map(processes.map((info) => [info.pid, info]));
  for (const browser of processes) {
    const profile = OUR_PROFILE.exec(browser.commandLine)?.[0];
    // The browser itself leads its process group (puppeteer starts it detached); its children follow it.
    if (!profile || browser.group !== browser.pid) continue;
    if (/\bnode\b/.test(byPid.get(browser.parent)?.commandLine ?? '')) continue;
    try {
      process.kill(-browser.group, 'SIGKILL');
    } catch {
      continue; // Ended meanwhile.
    }
    rmSync(profile.replace(/^--user-data-dir=/, ''), { recursive: true, force: true });
    console.warn(`Stopped a browser a test worker left running (pid ${browser.pid}, ${profile}).`);
  }
}

/** Vitest's global setup: nothing before the run; after it, the browsers left behind. */
export default function setup(): () => void {
  return stopLeftBrowsers;
}
