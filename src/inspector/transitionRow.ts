import { eventWords } from './eventWords.js';
import { html } from './html.js';
import type { TransitionEntry } from './transitionLog.js';

/**
 * One logged step: when, what happened in the element's words (XState's event
 * and its payload below them, as detail), from → to, and the context after.
 */
export function transitionRow(entry: TransitionEntry): HTMLTableRowElement {
  const row = html('tr', { 'data-transition': `${entry.from}->${entry.to}` });
  const time =
    entry.at.toLocaleTimeString(undefined, { hour12: false }) +
    `.${String(entry.at.getMilliseconds()).padStart(3, '0')}`;
  row.insertCell().append(html('code', {}, time));
  row
    .insertCell()
    .append(
      html('span', { class: 'words' }, eventWords(entry)),
      html('code', { class: 'detail' }, xstateDetail(entry)),
    );
  row.insertCell().append(html('code', {}, `${entry.from} → ${entry.to}`));
  row.insertCell().append(html('code', {}, JSON.stringify(entry.context)));
  return row;
}

/** The event as XState names it, with its payload: `always (while INPUTS.SET)`, `INPUTS.SET {"inputs":…}`. */
function xstateDetail({ trigger, event }: TransitionEntry): string {
  const { type, ...payload } = event;
  if (trigger === 'always') return `always (while ${type})`;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}
