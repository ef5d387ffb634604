import { memo, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { MaterialDownloadActor } from './elementLogic';
import type { LinkSettlings } from './linkSettlings';
import { useAnchorBinding } from './useAnchorBinding';

interface Binding {
  key: number;
  host: HTMLElement;
  actor: MaterialDownloadActor;
  settlings: LinkSettlings;
}

/**
 * One React root for every element on the page. Each element's actor is
 * running before its binding renders: lookups never wait for React, and
 * React renders when its scheduler gets to it. The root lives in a detached
 * container and renders no DOM of its own, so the customer's markup is never
 * touched beyond the anchor's attributes.
 */
const bindings = new Map<HTMLElement, Binding>();
let root: Root | null = null;
let renderQueued = false;
let nextKey = 0;

export function bind(host: HTMLElement, actor: MaterialDownloadActor, settlings: LinkSettlings): void {
  bindings.set(host, { key: ++nextKey, host, actor, settlings });
  queueRender();
}

export function unbind(host: HTMLElement): void {
  if (bindings.delete(host)) queueRender();
}

/** Every bind and unbind of one task is one render. */
function queueRender(): void {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    root ??= createRoot(document.createElement('div'));
    const list = [...bindings.values()];
    // A transition: a page of a thousand links renders in slices between the page's own work.
    startTransition(() => root!.render(<Bindings list={list} />));
  });
}

function Bindings({ list }: { list: Binding[] }) {
  return list.map(({ key, host, actor, settlings }) => (
    <AnchorBinding key={key} host={host} actor={actor} settlings={settlings} />
  ));
}

const AnchorBinding = memo(function AnchorBinding({ host, actor, settlings }: Omit<Binding, 'key'>) {
  useAnchorBinding(host, actor, settlings);
  return null;
});
