import { useEffect, useRef } from 'react';
import type { MaterialDownloadInputs } from '../machine/types';
import type { MaterialDownloadActor } from './actorRegistry';

export const INPUT_NAMES = [
  'organizationId',
  'articleId',
  'type',
  'dimensions',
  'resolution',
  'fileType',
  'endpoint',
  'loading',
] as const satisfies readonly (keyof MaterialDownloadInputs)[];

export function pickInputs(props: MaterialDownloadInputs): MaterialDownloadInputs {
  const inputs: MaterialDownloadInputs = {};
  for (const name of INPUT_NAMES) if (props[name] !== undefined) inputs[name] = props[name];
  return inputs;
}

function sameInputs(a: MaterialDownloadInputs, b: MaterialDownloadInputs): boolean {
  return INPUT_NAMES.every((name) => a[name] === b[name]);
}

/**
 * `useActorRef` reads its input once; later changes arrive as events. Only a
 * real change is sent, so StrictMode's double effects and re-renders with
 * equal props cost no request.
 */
export function useSyncedInputs(actor: MaterialDownloadActor, inputs: MaterialDownloadInputs): void {
  const sent = useRef(inputs);
  useEffect(() => {
    if (sameInputs(sent.current, inputs)) return;
    sent.current = inputs;
    actor.send({ type: 'INPUTS.SET', inputs });
  });
}
