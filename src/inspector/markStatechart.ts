import type { TransitionEntry } from './transitionLog.js';

/**
 * Marks, on a drawing from drawStatechart, the current state (`active`) and
 * the arrow the last step took (`taken`). A step the machine takes from every
 * state at rest has no arrow of its own: its line under the drawing is marked.
 */
export function markStatechart(drawing: Element, state: string, lastStep: TransitionEntry | undefined): void {
  for (const box of drawing.querySelectorAll('g.state')) {
    box.classList.toggle('active', box.getAttribute('data-state') === state);
  }
  const arrows = [...drawing.querySelectorAll('g.transition, text.every-state')];
  const taken =
    lastStep &&
    (arrows.find(
      (arrow) =>
        arrow.getAttribute('data-from') === lastStep.from &&
        arrow.getAttribute('data-to') === lastStep.to &&
        arrow.getAttribute('data-trigger') === lastStep.trigger,
    ) ??
      arrows.find(
        (line) =>
          line.matches('.every-state') &&
          line.getAttribute('data-trigger') === lastStep.trigger &&
          (line.getAttribute('data-to') || lastStep.from) === lastStep.to,
      ));
  for (const arrow of arrows) arrow.classList.toggle('taken', arrow === taken);
}
