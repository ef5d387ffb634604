import { dispatchedEvents, type DispatchedEvent } from './dispatchedEvents';
import { fieldList, fieldsOf } from './fields';
import type { Library } from './library';
import type { ManifestEvent } from './schema';
import { docOf, isOwnObjectType, oneLine, typeText } from './typeText';

/**
 * The element's events, as its `dispatchEvent` calls dispatch them: each
 * documented by the JSDoc of the constant that names it and of its detail's fields.
 */

function propagation({ bubbles, composed }: DispatchedEvent): string {
  if (bubbles && composed) return 'Bubbles, and is composed (crosses shadow roots).';
  if (bubbles) return 'Bubbles; not composed.';
  return composed ? 'Composed; does not bubble.' : 'Does not bubble.';
}

function detailDescription(library: Library, event: DispatchedEvent): string[] {
  const { detail } = event;
  if (!detail || !isOwnObjectType(library, detail)) return [];
  const about = detail.aliasSymbol ?? detail.getSymbol();
  const heading = about ? oneLine(docOf(library, about)) : '';
  return [`\`detail\`${heading ? `: ${heading}` : ''}`, ...fieldList(fieldsOf(library, detail))];
}

function manifestEvent(library: Library, event: DispatchedEvent): ManifestEvent {
  const named = event.nameSymbol ? oneLine(docOf(library, event.nameSymbol)) : '';
  const detailText = event.detail ? typeText(library, event.detail) : null;
  const detail = detailDescription(library, event);
  return {
    name: event.name,
    type: { text: detailText ? `CustomEvent<${detailText}>` : 'Event' },
    description: [[named, propagation(event)].filter(Boolean).join(' '), detail.join('\n')]
      .filter(Boolean)
      .join('\n\n'),
  };
}

export function manifestEvents(library: Library): ManifestEvent[] {
  const byName = new Map<string, DispatchedEvent>();
  for (const event of dispatchedEvents(library)) if (!byName.has(event.name)) byName.set(event.name, event);
  return [...byName.values()].map((event) => manifestEvent(library, event));
}
