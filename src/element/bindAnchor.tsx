import { useSelector } from '@xstate/react';
import { startTransition, useLayoutEffect, useReducer, useRef, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { connect, viewsEqual } from '../machine/connect.js';
import type { AnchorBinder, BoundElement } from './anchorBinding.types.js';
import { watchChildren, type ChildrenWatch } from './dom.js';
import type { MaterialDownloadActor } from './elementLogic.js';
import { afterPageTasks, afterThisScript } from './pageScheduler.js';
import { showView } from './showView.js';

/** A catalogue page binds a thousand elements at once: this many per commit keeps every task short. */
export const BINDINGS_PER_COMMIT = 50;

/**
 * All the element knows of React, in the React build (the lite build binds
 * through `bindAnchor.lite.ts`): one binder for every element of the page,
 * rendering into a container no page ever sees, so the customer's markup is
 * never touched beyond the host's and the anchor's attributes. Each
 * element's actor is running before its binding renders: lookups never wait
 * for React.
 *
 * Each binding's tree is made once, when it is bound: a render that meets
 * the same tree again skips it, so admitting the next bindings does not
 * re-render those already there.
 */
export function createAnchorBinder(): AnchorBinder {
  const root = createRoot(document.createElement('div'));
  const watch = watchChildren();
  const bindings = new Map<HTMLElement, ReactElement>();
  let lastKey = 0;
  /** How many of `bindings`, in insertion order, the next render includes. */
  let admitted = 0;
  let renderQueued = false;
  let committing = false;

  /** Every bind and unbind of one task is one render; while a render is under way, the next waits for its commit. */
  const queueRender = () => {
    if (renderQueued || committing) return;
    renderQueued = true;
    afterThisScript(renderAdmitted);
  };

  const committed = () => {
    committing = false;
    if (admitted < bindings.size) afterPageTasks(queueRender);
  };

  function renderAdmitted(): void {
    renderQueued = false;
    committing = true;
    admitted = Math.min(bindings.size, admitted + BINDINGS_PER_COMMIT);
    const tree = <Bindings list={[...bindings.values()].slice(0, admitted)} onCommit={committed} />;
    // A transition: React may pause between bindings for the page's own work.
    startTransition(() => root.render(tree));
  }

  return {
    bind(element) {
      const { actor } = element;
      if (!actor) return;
      bindings.set(element.host, <AnchorBinding key={++lastKey} element={element} actor={actor} watch={watch} />);
      queueRender();
    },
    unbind(host) {
      if (!bindings.delete(host)) return;
      admitted = Math.min(admitted, bindings.size);
      queueRender();
    },
  };
}

function Bindings({ list, onCommit }: { list: ReactElement[]; onCommit: () => void }) {
  useLayoutEffect(onCommit, [list, onCommit]);
  return list;
}

/**
 * Drives the host and its anchor from the actor: one view, committed once,
 * is shown (`showView`: it writes `href` and announces the settling it
 * shows). An anchor that arrives, returns or replaces it is bound at once.
 */
export function AnchorBinding({
  element,
  actor,
  watch,
}: {
  element: BoundElement;
  actor: MaterialDownloadActor;
  watch: ChildrenWatch;
}) {
  const { host } = element;
  const view = useSelector(actor, connect, viewsEqual);
  const anchorMissing = useRef(false);
  // What the view does not show: the host's children.
  const [childrenVersion, childrenChanged] = useReducer((version: number) => version + 1, 0);

  // In a layout effect, like the one below it: a parser that inserts the anchor between the two
  // would otherwise go unseen.
  useLayoutEffect(() => watch(host, childrenChanged), [watch, host]);

  // Layout timing: the anchor changes before the browser paints.
  useLayoutEffect(
    () => showView(element, view, anchorMissing, childrenChanged),
    [element, host, view, childrenVersion],
  );

  return null;
}
