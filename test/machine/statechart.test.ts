import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { diagramBlock, statechartDoc } from '../../dev/statechart/diagram';
import { toMermaid } from '../../dev/statechart/toMermaid';
import { MATERIAL_DOWNLOAD_STATES, materialDownloadMachine } from '../../src/machine';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the committed statechart diagram', () => {
  it('docs/statechart.md is what the machine generates (run `npm run statechart`)', () => {
    expect(read('docs/statechart.md')).toBe(statechartDoc());
  });

  it('CONTRIBUTING.md embeds the same diagram', () => {
    expect(read('CONTRIBUTING.md')).toContain(diagramBlock());
  });

  it('draws every state, the transient edges and root-level events from each state at rest', () => {
    const diagram = toMermaid(materialDownloadMachine);
    for (const state of MATERIAL_DOWNLOAD_STATES) expect(diagram).toContain(`  ${state}`);
    expect(diagram).toContain('validating --> fetching: always [canFetchNow]');
    expect(diagram).toContain('validating --> waiting: always [hasRequest]');
    expect(diagram).toContain('waiting --> fetching: VISIBLE');
    expect(diagram).toContain('fetching --> enabled: done: lookup [hasLink] / assignLink');
    expect(diagram).toContain('waiting --> fetching: error: visibility');
    expect(diagram).toContain('fetching --> retrying: error: lookup [isWorthRetrying] / assignRetry');
    expect(diagram).toContain('retrying --> fetching: after retryDelay');
    expect(diagram).toContain('disabled --> fetching: RECONNECTED [failedOnWire] / startOver');
    expect(diagram).toContain('enabled --> refreshing: after renewalDelay [isRenewalDue]');
    expect(diagram).toContain('enabled --> expired: after renewalDelay [isExpired]');
    expect(diagram).toContain('refreshing --> expired: after expiryDelay [isExpired]');
    expect(diagram).toContain('refreshing --> enabled: error: lookup [canTryRefreshAgain] / assignRefreshRetry');
    expect(diagram).toContain('expired --> fetching: always');
    expect(diagram).not.toContain('xstate.');
    for (const from of ['waiting', 'fetching', 'retrying', 'enabled', 'refreshing', 'disabled']) {
      expect(diagram).toContain(`${from} --> validating: INPUTS.SET [changesRequest] / assignInputs`);
      expect(diagram).toContain(`${from} --> ${from}: INPUTS.SET / assignInputs`);
      expect(diagram).toContain(`${from} --> destroyed: DESTROY`);
    }
    expect(diagram).not.toContain('validating --> validating');
  });

  it('changes when the machine does', () => {
    const { config } = materialDownloadMachine;
    const edited = { ...config, states: { ...config.states, enabled: { on: { REFRESH: 'fetching' } } } };
    expect(toMermaid(createMachine(edited as never))).not.toBe(toMermaid(materialDownloadMachine));
  });
});
