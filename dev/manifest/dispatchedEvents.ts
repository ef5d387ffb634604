import ts from 'typescript';
import type { Library } from './library';

/** An event the library dispatches, as its `dispatchEvent(new CustomEvent(…))` says. */
export interface DispatchedEvent {
  name: string;
  /** `CustomEvent<Detail>`'s `Detail`; null for a plain `Event`. */
  detail: ts.Type | null;
  bubbles: boolean;
  composed: boolean;
  /** What declares the name, e.g. `LINK_CHANGE_EVENT`: its JSDoc documents the event. */
  nameSymbol: ts.Symbol | null;
  /** `src/element/dom.ts:76`, for messages. */
  site: string;
}

const EVENT_CLASSES = new Set(['Event', 'CustomEvent']);

function siteOf(node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${file.fileName.slice(file.fileName.lastIndexOf('/src/') + 1)}:${line + 1}`;
}

function initFlag(init: ts.Expression | undefined, name: string): boolean {
  if (!init || !ts.isObjectLiteralExpression(init)) return false;
  const property = init.properties.find(
    (candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name,
  ) as ts.PropertyAssignment | undefined;
  return property?.initializer.kind === ts.SyntaxKind.TrueKeyword;
}

function dispatched({ checker }: Library, call: ts.CallExpression): DispatchedEvent {
  const site = siteOf(call);
  const [event] = call.arguments;
  if (!event || !ts.isNewExpression(event) || !EVENT_CLASSES.has(event.expression.getText()))
    throw new Error(`${site}: dispatch \`new CustomEvent(NAME, …)\` in place, so the manifest can name the event`);
  const [nameArgument, init] = event.arguments ?? [];
  const nameType = nameArgument && checker.getTypeAtLocation(nameArgument);
  if (!nameType?.isStringLiteral()) throw new Error(`${site}: the event's name must be a constant string`);
  const symbol = ts.isIdentifier(nameArgument!) ? checker.getSymbolAtLocation(nameArgument) : undefined;
  const nameSymbol = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const [detailNode] = event.typeArguments ?? [];
  return {
    name: nameType.value,
    detail: detailNode ? checker.getTypeFromTypeNode(detailNode) : null,
    bubbles: initFlag(init, 'bubbles'),
    composed: initFlag(init, 'composed'),
    nameSymbol: nameSymbol ?? null,
    site,
  };
}

function isDispatch(node: ts.Node): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'dispatchEvent'
  );
}

/** Every `dispatchEvent` in the library's own code, in file order. */
export function dispatchedEvents(library: Library): DispatchedEvent[] {
  const found: DispatchedEvent[] = [];
  const visit = (node: ts.Node): void => {
    if (isDispatch(node)) found.push(dispatched(library, node));
    ts.forEachChild(node, visit);
  };
  for (const file of library.ownFiles) visit(file);
  return found;
}
