import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { logError } from '../log';
import { connect, viewsEqual } from '../machine/connect';
import { materialDownloadMachine } from '../machine/materialDownload.machine';
import type { MaterialDownloadInputs } from '../machine/types';
import { registerActor } from './actorRegistry';
import { hostOf } from './dom';
import { inspectorFor } from './inspection';
import { lookupLink } from './lookupActor';
import { useAnchorBinding } from './useAnchorBinding';
import { useLazyVisibility } from './useLazyVisibility';
import { pickInputs, useSyncedInputs } from './useSyncedInputs';

export interface MaterialDownloadProps extends MaterialDownloadInputs {
  /** Where the component renders: the host's shadow root (r2wc passes it) or the host itself. */
  container: HTMLElement | ShadowRoot;
}

/**
 * The element's view: holds the actor, sends input changes in, binds the
 * anchor out. It renders only a slot, so the customer's anchor stays where
 * they put it.
 */
export function MaterialDownload(props: MaterialDownloadProps) {
  const host = hostOf(props.container);
  const inputs = pickInputs(props);
  const logic = useMemo(
    () =>
      materialDownloadMachine.provide({
        actors: { lookupLink },
        actions: { reportError: (_, { error }) => error && logError(error, host) },
      }),
    [host],
  );
  const inspect = useMemo(() => inspectorFor(host), [host]);
  const actor = useActorRef(logic, { input: inputs, inspect });
  useEffect(() => registerActor(host, actor), [host, actor]);
  useSyncedInputs(actor, inputs);
  const view = useSelector(actor, connect, viewsEqual);
  useLazyVisibility(host, actor, inputs.loading === 'lazy', view.state === 'waiting');
  useAnchorBinding(host, view);
  return <slot />;
}
