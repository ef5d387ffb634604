import { memo, startTransition, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { MaterialDownloadActor } from './elementLogic.js';
import type { LinkSettlings } from './linkSettlings.js';
import { useAnchorBinding } from './useAnchorBinding.js';

interface Binding {
  key: number;
  host: HTMLElement;
  actor: MaterialDownloadActor;
  settlings: LinkSettlings;
}

/**
 * One React root for every element on the page. Each element's actor is
 * running before its binding renders: lookups never wait for React. The
 * root lives in a detached container and renders no DOM of its own, so the
 * customer's markup is never touched beyond the anchor's attributes.
 */
const bindings = new Map<HTMLElement, Binding>();
let root: Root | null = null;
let nextKey = 0;

/** A catalogue page binds a thousand elements at once: this many per commit keeps every task short. */
export const BINDINGS_PER_COMMIT = 50;
/** How many of `bindings`, in insertion order, the next render includes. */
let admitted = 0;
let renderQueued = false;
let committing = false;

export function bind(host: HTMLElement, actor: MaterialDownloadActor, settlings: LinkSettlings): void {
  bindings.set(host, { key: ++nextKey, host, actor, settlings });
  queueRender();
}

export function unbind(host: HTMLElement): void {
  if (!bindings.delete(host)) return;
  admitted = Math.min(admitted, bindings.size);
  queueRender();
}

/** Every bind and unbind of one task is one render; while a render is under way, the next waits for its commit. */
function queueRender(): void {
  if (renderQueued || committing) return;
  renderQueued = true;
  queueMicrotask(render);
}

function render(): void {
  renderQueued = false;
  committing = true;
  admitted = Math.min(bindings.size, admitted + BINDINGS_PER_COMMIT);
  const list = [...bindings.values()].slice(0, admitted);
  root ??= createRoot(document.createElement('div'));
  // A transition: React may pause between bindings for the page's own work.
  startTransition(() => root!.render(<Bindings list={list} onCommit={committed} />));
}

/** The page gets a task of its own between two commits. */
function committed(): void {
  committing = false;
  if (admitted < bindings.size) setTimeout(queueRender, 0);
}

function Bindings({ list, onCommit }: { list: Binding[]; onCommit: () => void }) {
  useLayoutEffect(onCommit, [list, onCommit]);
  return list.map(({ key, host, actor, settlings }) => (
    <AnchorBinding key={key} host={host} actor={actor} settlings={settlings} />
  ));
}

const AnchorBinding = memo(function AnchorBinding({ host, actor, settlings }: Omit<Binding, 'key'>) {
  useAnchorBinding(host, actor, settlings);
  return null;
});
