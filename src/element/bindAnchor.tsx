import { useSelector } from '@xstate/react';
import { memo, startTransition, useLayoutEffect, useReducer, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { logError } from '../log.js';
import { connect, viewsEqual, type MaterialDownloadView } from '../machine/connect.js';
import type { BoundElement } from './anchorBinding.types.js';
import {
  NO_ANCHOR_MESSAGE,
  applyAnchor,
  findAnchor,
  observeChildren,
  reflectState,
  type LinkChangeDetail,
} from './dom.js';
import type { MaterialDownloadActor } from './elementLogic.js';
import { afterChildrenArrive, afterPageTasks, afterThisScript } from './pageScheduler.js';

/**
 * All the element knows of React: `bindAnchor(controller)` and `unbindAnchor(host)`.
 *
 * One React root for every element on the page, in a detached container
 * that renders no DOM of its own: the customer's markup is never touched
 * beyond the anchor's attributes. Each element's actor is running before its
 * binding renders, so lookups never wait for React.
 */
interface Binding {
  key: number;
  controller: BoundElement;
  actor: MaterialDownloadActor;
}

/** A catalogue page binds a thousand elements at once: this many per commit keeps every task short. */
export const BINDINGS_PER_COMMIT = 50;

const root: {
  react: Root | null;
  bindings: Map<HTMLElement, Binding>;
  lastKey: number;
  /** How many of `bindings`, in insertion order, the next render includes. */
  admitted: number;
  renderQueued: boolean;
  committing: boolean;
} = { react: null, bindings: new Map(), lastKey: 0, admitted: 0, renderQueued: false, committing: false };

export function bindAnchor(controller: BoundElement): void {
  const { actor } = controller;
  if (!actor) return;
  root.bindings.set(controller.host, { key: ++root.lastKey, controller, actor });
  queueRender();
}

export function unbindAnchor(host: HTMLElement): void {
  if (!root.bindings.delete(host)) return;
  root.admitted = Math.min(root.admitted, root.bindings.size);
  queueRender();
}

/** Every bind and unbind of one task is one render; while a render is under way, the next waits for its commit. */
function queueRender(): void {
  if (root.renderQueued || root.committing) return;
  root.renderQueued = true;
  afterThisScript(render);
}

function render(): void {
  root.renderQueued = false;
  root.committing = true;
  root.admitted = Math.min(root.bindings.size, root.admitted + BINDINGS_PER_COMMIT);
  const list = [...root.bindings.values()].slice(0, root.admitted);
  const react = (root.react ??= createRoot(document.createElement('div')));
  // A transition: React may pause between bindings for the page's own work.
  startTransition(() => react.render(<Bindings list={list} onCommit={committed} />));
}

function committed(): void {
  root.committing = false;
  if (root.admitted < root.bindings.size) afterPageTasks(queueRender);
}

function Bindings({ list, onCommit }: { list: Binding[]; onCommit: () => void }) {
  useLayoutEffect(onCommit, [list, onCommit]);
  return list.map(({ key, controller, actor }) => <AnchorBinding key={key} controller={controller} actor={actor} />);
}

/**
 * Drives the host and its anchor from the actor, and has the page told of
 * what the host shows. The host never claims more than its anchor shows:
 * with no anchor as its first element child (once its children can have
 * arrived), it is disabled with reason `no-anchor`, whatever the lookup
 * found. An anchor that arrives, returns or replaces it is bound at once.
 */
export const AnchorBinding = memo(function AnchorBinding({ controller, actor }: Omit<Binding, 'key'>) {
  const { host } = controller;
  const view = useSelector(actor, connect, viewsEqual);
  /** Reported missing: no anchor once the children could have arrived, and none since. */
  const anchorMissing = useRef(false);
  // What the view does not show: the host's children, and a settling that left the view as it was.
  const [outsideVersion, outsideChanged] = useReducer((version: number) => version + 1, 0);

  // In a layout effect, like the binding below it: a parser that inserts the anchor between the
  // two would otherwise go unseen. A settling only asks for a render: as a store of its own
  // (`useSyncExternalStore`), its hooks, effects and the check React keeps after a transition
  // render cost about 300 bytes per binding, on pages of a thousand.
  useLayoutEffect(() => {
    const stopObserving = observeChildren(host, outsideChanged);
    const stopFollowing = controller.followSettlings(outsideChanged);
    return () => {
      stopObserving();
      stopFollowing();
    };
  }, [host, controller]);

  // Layout timing: the anchor changes before the browser paints, whichever renderer runs.
  useLayoutEffect(() => {
    // A destroyed element is off the page for good: what it showed last stays as it was.
    if (view.state === 'destroyed') return undefined;
    const anchor = findAnchor(host);
    if (anchor) {
      reflectState(host, view.state, view.reason);
      applyAnchor(anchor, view);
      anchorMissing.current = false;
      return undefined;
    }
    if (anchorMissing.current) {
      reflectState(host, 'disabled', 'no-anchor');
      return undefined;
    }
    reflectState(host, view.state, view.reason);
    return afterChildrenArrive(() => {
      if (findAnchor(host)) return outsideChanged();
      logError(NO_ANCHOR_MESSAGE, host);
      anchorMissing.current = true;
      outsideChanged();
    });
  }, [host, view, outsideVersion]);

  // Declared after the anchor's effect, so it runs after it in the same commit. While the children
  // may still be arriving, neither a link nor its absence is certain: nothing is announced. A settling
  // the machine has already left (new inputs came before this render) was never shown: the next one is.
  useLayoutEffect(() => {
    if (view.state === 'destroyed') return;
    const { settled } = controller;
    if (anchorMissing.current) controller.announce(false);
    else if (findAnchor(host) && settled && showsSettling(view, settled)) controller.announce(true);
  }, [controller, host, outsideVersion, view]);

  return null;
});

function showsSettling(view: MaterialDownloadView, settling: LinkChangeDetail): boolean {
  return view.state === settling.state && view.href === settling.href;
}
