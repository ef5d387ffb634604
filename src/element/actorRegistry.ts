import type { ActorRefFrom } from 'xstate';
import type { MaterialDownloadMachine } from '../machine/materialDownload.machine';

export type MaterialDownloadActor = ActorRefFrom<MaterialDownloadMachine>;

/**
 * The custom element needs the actor React holds, to send DESTROY when it is
 * really gone; a WeakMap keeps the host free of extra properties.
 */
const actors = new WeakMap<HTMLElement, MaterialDownloadActor>();

export function registerActor(host: HTMLElement, actor: MaterialDownloadActor): () => void {
  actors.set(host, actor);
  return () => {
    if (actors.get(host) === actor) actors.delete(host);
  };
}

export function actorOf(host: HTMLElement): MaterialDownloadActor | undefined {
  return actors.get(host);
}
