import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ATTRIBUTES, INPUT_NAMES } from '../../../src/machine/attributes';
import { invalidValueMessage, MESSAGES } from '../../../src/machine/validateInputs';

/**
 * Every message the element can put on the console, read from src/: the
 * first argument of each logError/logWarning call, each LookupError (the
 * machine logs a failed lookup's message), the validation MESSAGES and each
 * invalidValueMessage(...) call. Variable parts become `…`.
 */
export interface ConsoleMessage {
  text: string;
  /** file:line, for a failure that says where to look. */
  where: string;
}

export const PLACEHOLDER = '…';

/** Names passed through to the log whose values are listed elsewhere, with the reason. */
const PASSED_THROUGH: Record<string, string> = {
  // elementLogic.ts logs the machine's error: a validation message or a LookupError, both collected.
  error: 'the machine context error',
};

const LOGGERS = new Set(['logError', 'logWarning']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** String constants declared at the top of each file, so `logError(NO_ANCHOR_MESSAGE)` resolves. */
function constantsIn(files: ts.SourceFile[]): Map<string, string> {
  const constants = new Map<string, string>();
  for (const file of files) {
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (
          ts.isIdentifier(declaration.name) &&
          declaration.initializer &&
          ts.isStringLiteralLike(declaration.initializer)
        ) {
          constants.set(declaration.name.text, declaration.initializer.text);
        }
      }
    }
  }
  return constants;
}

export function collectConsoleMessages(srcDir: string): {
  messages: ConsoleMessage[];
  unreadable: string[];
  directConsole: string[];
} {
  const files = sourceFiles(srcDir).map((path) =>
    ts.createSourceFile(relative(join(srcDir, '..'), path), readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true),
  );
  const constants = constantsIn(files);
  const messages: ConsoleMessage[] = [];
  const unreadable: string[] = [];
  const directConsole: string[] = [];

  for (const file of files) {
    const where = (node: ts.Node) => `${file.fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

    /** The message an argument stands for; false when it cannot be read statically. */
    const texts = (node: ts.Expression): string[] | false => {
      if (ts.isParenthesizedExpression(node)) return texts(node.expression);
      if (ts.isStringLiteralLike(node)) return [node.text];
      if (ts.isTemplateExpression(node)) {
        return [node.head.text + node.templateSpans.map((span) => PLACEHOLDER + span.literal.text).join('')];
      }
      if (ts.isConditionalExpression(node)) {
        const whenTrue = texts(node.whenTrue);
        const whenFalse = texts(node.whenFalse);
        return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : false;
      }
      if (ts.isIdentifier(node) && constants.has(node.text)) return [constants.get(node.text)!];
      if (ts.isIdentifier(node) && node.text in PASSED_THROUGH) return [];
      // wire.ts (withRetry) re-issues a failure with its own message, collected where it was first made.
      if (ts.isPropertyAccessExpression(node) && node.getText() === 'error.message') return [];
      // MESSAGES.x: every value of MESSAGES is collected below.
      if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'MESSAGES') return [];
      return false;
    };

    const collect = (argument: ts.Expression | undefined, node: ts.Node) => {
      const found = argument ? texts(argument) : false;
      if (found === false) unreadable.push(`${where(node)}: ${node.getText()}`);
      else for (const text of found) messages.push({ text, where: where(node) });
    };

    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        if (LOGGERS.has(name)) collect(node.arguments[0], node);
        if (name === 'invalidValueMessage') {
          const [attribute] = node.arguments;
          // Validation loops over the attribute table: every input with a set of values can be named.
          const names = !attribute
            ? []
            : ts.isStringLiteralLike(attribute)
              ? [attribute.text]
              : INPUT_NAMES.filter((input) => ATTRIBUTES[input].values !== null);
          if (names.length === 0) unreadable.push(`${where(node)}: ${node.getText()}`);
          for (const name of names)
            messages.push({ text: invalidValueMessage(name, PLACEHOLDER, [PLACEHOLDER]), where: where(node) });
        }
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'LookupError') {
        collect(node.arguments?.[0], node);
      }
      // Only src/log.ts may write to the console directly; the debug attribute's transition lines are console.debug.
      if (
        ts.isPropertyAccessExpression(node) &&
        node.expression.getText() === 'console' &&
        ['error', 'warn', 'log', 'info'].includes(node.name.text) &&
        !file.fileName.endsWith('log.ts')
      ) {
        directConsole.push(`${where(node)}: ${node.getText()}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  for (const text of Object.values(MESSAGES))
    messages.push({ text, where: 'src/machine/validateInputs.ts (MESSAGES)' });
  const unique = [...new Map(messages.map((message) => [message.text, message])).values()];
  return { messages: unique, unreadable, directConsole };
}
