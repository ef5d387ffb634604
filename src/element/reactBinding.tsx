import {
  startTransition,
  useCallback,
  useLayoutEffect,
  useReducer,
  useRef,
  useSyncExternalStore,
  type ReactElement,
} from 'react';
import { createRoot } from 'react-dom/client';
import { connect, viewsEqual, type MaterialDownloadView } from '../machine/connect.js';
import { showView, watchChildren, type ChildrenWatch, type Shown } from './dom.js';
import type { MaterialDownloadActor } from '../machine/materialDownload.machine.js';

/** A catalogue page binds a thousand elements at once: this many per commit keeps every task short. */
const BINDINGS_PER_COMMIT = 50;

// One root for the page's elements, in a container no page sees: the customer's markup is touched only in attributes.
const root = createRoot(document.createElement('div'));
const watch = watchChildren();
const bindings = new Map<HTMLElement, ReactElement>();
let lastKey = 0;
/** How many of `bindings`, in insertion order, the next render includes. */
let admitted = 0;
let renderQueued = false;
let committing = false;

/** Every bind and unbind of one task is one render; while one is under way, the next waits for its commit. */
function queueRender(): void {
  if (renderQueued || committing) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    committing = true;
    admitted = Math.min(bindings.size, admitted + BINDINGS_PER_COMMIT);
    const tree = <Bindings list={[...bindings.values()].slice(0, admitted)} onCommit={committed} />;
    // A transition: React may pause between bindings for the page's own work.
    startTransition(() => root.render(tree));
  });
}

function committed(): void {
  committing = false;
  // The page's own queued tasks run between two commits.
  if (admitted < bindings.size) setTimeout(queueRender, 0);
}

/** Each binding's tree is made once: admitting the next does not re-render those there. */
export function bindWithReact(host: HTMLElement, actor: MaterialDownloadActor): () => void {
  bindings.set(host, <AnchorBinding key={++lastKey} host={host} actor={actor} watch={watch} />);
  queueRender();
  return () => {
    if (!bindings.delete(host)) return;
    admitted = Math.min(admitted, bindings.size);
    queueRender();
  };
}

function Bindings({ list, onCommit }: { list: ReactElement[]; onCommit: () => void }) {
  useLayoutEffect(onCommit, [list, onCommit]);
  return list;
}

/** An anchor that arrives, returns or is replaced is bound at once. */
export function AnchorBinding(props: { host: HTMLElement; actor: MaterialDownloadActor; watch: ChildrenWatch }) {
  const { host, actor, watch } = props;
  const view = useView(actor);
  const shown = useRef<Shown>({ announced: null, anchorMissing: false });
  // What the view does not show: the host's children.
  const [childrenVersion, childrenChanged] = useReducer((version: number) => version + 1, 0);
  // Layout effects: the anchor changes before paint, and no parser inserts it unseen between the two.
  useLayoutEffect(() => watch(host, childrenChanged), [watch, host]);
  useLayoutEffect(() => showView(host, view, shown.current, childrenChanged), [host, view, childrenVersion]);
  return null;
}

/** The actor's view, the same object while equal: `@xstate/react`'s `useSelector` without its CommonJS shim. */
function useView(actor: MaterialDownloadActor): MaterialDownloadView {
  const last = useRef<MaterialDownloadView | null>(null);
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = actor.subscribe(changed);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const currentView = useCallback(() => {
    const view = connect(actor.getSnapshot());
    if (!last.current || !viewsEqual(last.current, view)) last.current = view;
    return last.current;
  }, [actor]);
  return useSyncExternalStore(subscribe, currentView);
}
