import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { INPUT_NAMES, type MaterialDownloadInputs } from '../machine/attributes.js';
import { hostOf } from './dom.js';
import { elementLogic } from './elementLogic.js';
import { inspectorFor } from './inspection.js';
import { followSettlings } from './linkSettlings.js';
import { sharedClock } from './sharedClock.js';
import { useAnchorBinding } from './useAnchorBinding.js';

/**
 * The component's props: the element's inputs by property name, and where to render.
 *
 * @example
 * ```ts
 * const props: MaterialDownloadProps = { container: host, organizationId: 'org-1', articleId: 'A-100', type: 'pbr' };
 * ```
 */
export interface MaterialDownloadProps extends MaterialDownloadInputs {
  /** Where the component renders its `<slot>`: the host's shadow root, or the host itself. */
  container: HTMLElement | ShadowRoot;
}

/**
 * The element's behaviour as a React component, for React apps that render
 * into a host of their own: the actor lives as long as the component, inputs
 * arrive as props, and the host's first `<a>` is bound as the element binds it.
 *
 * @example
 * ```tsx
 * const host = document.getElementById('swatch')!; // holds the customer's <a>
 * const shadow = host.attachShadow({ mode: 'open' });
 * createRoot(shadow).render(
 *   <MaterialDownload container={shadow} organizationId="org-1" articleId="A-100" type="pbr" />,
 * );
 * ```
 */
export function MaterialDownload(props: MaterialDownloadProps) {
  const host = hostOf(props.container);
  const inputs = pickInputs(props);
  const inspect = useMemo(() => inspectorFor(host), [host]);
  const actor = useActorRef(elementLogic, { input: { inputs, target: host }, inspect, clock: sharedClock });
  const settlings = useMemo(() => followSettlings(actor), [actor]);
  // Declared after useActorRef, so it runs after each start of the actor: a stop (StrictMode's rehearsal
  // unmount) drops the actor's listeners, and useActorRef then starts the same actor again.
  useEffect(() => settlings.refollow(), [settlings]);
  useInputChanges(actor, inputs);
  useAnchorBinding(host, actor, settlings);
  return <slot />;
}

function pickInputs(props: MaterialDownloadInputs): MaterialDownloadInputs {
  const inputs: MaterialDownloadInputs = {};
  for (const name of INPUT_NAMES) if (props[name] !== undefined) inputs[name] = props[name];
  return inputs;
}

/**
 * `useActorRef` reads its input once; later changes arrive as events. Only a
 * real change is sent, so StrictMode's double effects cost nothing.
 */
function useInputChanges(actor: ReturnType<typeof useActorRef<typeof elementLogic>>, inputs: MaterialDownloadInputs) {
  const sent = useRef(inputs);
  useEffect(() => {
    if (INPUT_NAMES.every((name) => sent.current[name] === inputs[name])) return;
    sent.current = inputs;
    actor.send({ type: 'INPUTS.SET', inputs });
  });
}
