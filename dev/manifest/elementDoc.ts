import type { MaterialDownloadState } from '../../src/machine/materialDownload.machine';

/**
 * What the manifest says about the element that no declaration in the code
 * says: what it is for, what each `data-state` means to a stylesheet, and
 * what goes inside it. Which attributes, properties, options, events and
 * states there are comes from the code itself (see manifest.ts).
 */
export const ELEMENT_DOC = {
  summary: 'A download link for a material, looked up by organization and article.',
  description: [
    "Turns the `<a>` inside it into a download link for a material's PBR",
    "package, thumbnail or tileable image, looked up from the provider's GraphQL",
    "service. The anchor stays the customer's: only its `href`, class `disabled`,",
    '`aria-disabled`, `role` and `tabindex` are touched. Any input change fetches',
    'again; problems go to `console.error`, prefixed `cm-material-download:`.',
  ].join('\n'),
  statesIntroduction: "The host's `data-state` attribute shows where the element is, for CSS:",
  /** One line for each state the host can show; the machine says which those are. */
  states: {
    idle: 'just inserted, or none of `organization-id`, `article-id` and `type` set yet (it waits quietly)',
    validating: 'inputs just changed',
    waiting: '`loading="lazy"` and not yet near the viewport',
    fetching: 'the request is out',
    retrying: 'the lookup failed on the wire; the next try waits (about 0.5 s, then 1.5 s, or `Retry-After`)',
    enabled: "a link is known and set as the anchor's `href` (also while a signed link is refreshed: it still works)",
    disabled:
      'invalid input, no link, a failure, or a signed link that expired before the fresh one came (`data-reason="expired"`, until it comes)',
  } satisfies Partial<Record<MaterialDownloadState, string>> as Partial<Record<MaterialDownloadState, string>>,
  anchorSlot: "The anchor: the element's first element child must be an `<a>`.",
};
