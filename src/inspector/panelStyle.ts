/** Scoped by the shadow root; `all: initial` stops the page's inherited font and colour at the panel's edge. */
const PANEL_STYLE = `
:host {
  all: initial; position: fixed; right: 12px; bottom: 12px; z-index: 2147483000;
  font: 12px/1.4 system-ui, sans-serif; color: #1d2330;
}
.panel {
  box-sizing: border-box; width: min(46rem, calc(100vw - 24px)); max-height: min(40rem, calc(100vh - 24px));
  overflow: auto; background: #fff; border: 1px solid #d5dae3; border-radius: 10px;
  box-shadow: 0 8px 28px rgb(0 0 0 / 18%);
}
header {
  position: sticky; top: 0; display: flex; align-items: center; gap: 0.6rem; padding: 0.45rem 0.7rem;
  background: #1d2330; color: #fff;
}
header button { all: unset; cursor: pointer; font-weight: 600; }
header [data-panel='toggle'] { white-space: nowrap; }
header [data-panel='toggle']::before { content: '▾ '; }
header [data-panel='toggle'][aria-expanded='false']::before { content: '▸ '; }
header button:focus-visible { outline: 2px solid #8fb1ff; }
header span { margin-left: auto; opacity: 0.8; }
:host([collapsed]) .panel { width: auto; max-width: min(46rem, calc(100vw - 24px)); }
.chips { display: flex; flex-wrap: wrap; gap: 0.3rem; }
:host(:not([collapsed])) .chips { display: none; }
.chips button {
  all: unset; cursor: pointer; padding: 0 0.4rem; border-radius: 6px; background: #2d3547;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px;
}
.chips button[data-state='disabled'] { background: #8f2d14; }
.chips button:focus-visible, .elements button:focus-visible { outline: 2px solid #8fb1ff; }
.body { padding: 0.6rem 0.8rem 0.8rem; }
.body[hidden] { display: none; }
h3 { font-size: 12px; margin: 0.8rem 0 0.3rem; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 0.2rem 0.3rem; border-bottom: 1px solid #e6e9ef; }
code, .current, .elements td { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; }
code { word-break: break-all; }
/* A page with many elements keeps its diagram in view. */
.list { max-height: 11rem; overflow: auto; }
.elements button { all: unset; cursor: pointer; color: #2f6fed; text-decoration: underline; }
.elements tr[aria-selected='true'] { background: #e8efff; }
.diagram { overflow: auto; max-height: 26rem; border: 1px solid #e6e9ef; border-radius: 8px; }
svg {
  display: block; width: 100%; height: auto;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px;
}
.state rect { fill: #f4f6fa; stroke: #8a94a6; }
.state text { text-anchor: middle; fill: #1d2330; }
.state .name { font-weight: 700; }
.state .note { fill: #5b6577; font-size: 10px; }
.state.active rect { fill: #2f6fed; stroke: #1d4fc4; }
.state.active text { fill: #fff; }
.pseudo circle { fill: #1d2330; }
.transition path { fill: none; stroke: #8a94a6; }
.transition text {
  text-anchor: middle; fill: #3b4457; font-size: 10px; paint-order: stroke; stroke: #fff; stroke-width: 3px;
}
.every-state { fill: #5b6577; font-size: 10px; }
.log td:nth-child(1) code, .log td:nth-child(3) code { white-space: nowrap; word-break: normal; }
.log td:nth-child(2) { width: 34%; }
.picked { margin: 0.6rem 0 0.2rem; }
.why { margin: 0 0 0.2rem; font-weight: 600; }
.change { margin: 0 0 0.5rem; color: #5b6577; }
.words { display: block; font-weight: 600; }
.detail { color: #5b6577; }
.transition.taken path { stroke: #d9480f; stroke-width: 2.5px; }
.transition.taken text, .every-state.taken { fill: #d9480f; font-weight: 700; }
marker path { fill: #8a94a6; }
`;

/**
 * A constructed stylesheet, not an inline `<style>`: CSP `style-src 'self'` refuses the one and
 * leaves the other alone. Without constructable sheets the panel is unstyled, never broken.
 */
export function adoptPanelStyle(root: ShadowRoot): void {
  if (!('adoptedStyleSheets' in root) || typeof CSSStyleSheet !== 'function') return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(PANEL_STYLE);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    // adoptedStyleSheets without constructable sheets.
  }
}
