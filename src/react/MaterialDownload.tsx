import {
  cloneElement,
  isValidElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { defineMaterialDownload } from '../element/element.js';
import { LINK_CHANGE_EVENT, type LinkChangeDetail } from '../element/dom.js';
import type { HTMLMaterialDownloadElement, LinkChangeEvent } from '../element/globalTypes.js';
import { logError } from '../log.js';
import { ATTRIBUTES, INPUT_NAMES, type MaterialDownloadProperties } from '../machine/attributes.js';

/**
 * The component's props: the element's inputs by property name, what to do on each settling, and the anchor.
 * @example `const props: MaterialDownloadProps = { organizationId: 'org-1', articleId: 'A-100', type: 'pbr' };`
 */
export interface MaterialDownloadProps extends MaterialDownloadProperties {
  /** Called each time the element settles, with `cm-link-change`'s detail; the first settling included. */
  onLinkChange?: (detail: LinkChangeDetail) => void;
  /** The anchor the element binds: its first child must be an `<a>`. */
  children?: ReactNode;
  /**
   * A link your server resolved for these inputs (`resolveLinks`), shown from the first paint: the anchor's `href`,
   * with `resolved` on the host. Only with a single `<a>` element as `children`; else ignored, with an error.
   */
  link?: string | null;
  /** For the host element. */
  id?: string;
  className?: string;
}

// False while React renders on the server or hydrates its HTML; true in every render after.
const nothingToWatch = () => () => {};
const hydratedOnTheClient = () => true;
const notOnTheServer = () => false;

/**
 * `<cm-material-download>` the React way: under `defer-hydration` until hydrated, so nothing differs from the
 * server's HTML; it listens through a ref, as React 19 attaches no custom-element listeners while hydrating (#35446).
 * @example
 * ```tsx
 * <MaterialDownload organizationId="org-1" articleId="A-100" type="pbr" onLinkChange={setLink}>
 *   <a>Download</a>
 * </MaterialDownload>
 * ```
 */
export function MaterialDownload({ onLinkChange, children, id, className, link, ...inputs }: MaterialDownloadProps) {
  const host = useRef<HTMLMaterialDownloadElement>(null);
  const latestOnLinkChange = useRef(onLinkChange);
  useLayoutEffect(() => void (latestOnLinkChange.current = onLinkChange));

  useLayoutEffect(() => {
    const element = host.current!;
    const listener = (event: Event) => latestOnLinkChange.current?.((event as LinkChangeEvent).detail);
    element.addEventListener(LINK_CHANGE_EVENT, listener);
    return () => element.removeEventListener(LINK_CHANGE_EVENT, listener);
  }, []);

  // After hydration: an element defined earlier would write the host before React compares it.
  useEffect(() => void defineMaterialDownload(), []);
  const hydrated = useSyncExternalStore(nothingToWatch, hydratedOnTheClient, notOnTheServer);

  const anchor = isAnchor(children) ? children : null;
  const resolvedLink = link && anchor ? link : null;
  // In an effect: none on the server; once per link, StrictMode's second mount included.
  const linkIgnored = link && !anchor ? link : null;
  const reportedIgnored = useRef<string | null>(null);
  useEffect(() => {
    if (!linkIgnored || reportedIgnored.current === linkIgnored) return;
    reportedIgnored.current = linkIgnored;
    logError('the link prop needs a single <a> element as children; it is ignored', host.current);
  }, [linkIgnored]);

  const attributes: Record<string, string | undefined> = { id, className, resolved: resolvedLink ? '' : undefined };
  for (const name of INPUT_NAMES) if (inputs[name] !== undefined) attributes[ATTRIBUTES[name].attribute] = inputs[name];
  return (
    // The element writes `data-state` on the host: React must not read that as a mismatch.
    <cm-material-download
      ref={host}
      suppressHydrationWarning
      defer-hydration={hydrated ? undefined : ''}
      {...attributes}
    >
      {resolvedLink ? cloneElement(anchor!, { href: resolvedLink }) : children}
    </cm-material-download>
  );
}

const isAnchor = (children: ReactNode): children is ReactElement<{ href?: string }, 'a'> =>
  isValidElement(children) && children.type === 'a';
