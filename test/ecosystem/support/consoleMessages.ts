import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ATTRIBUTES, INPUT_NAMES } from '../../../src/machine/attributes';
import { invalidValueMessage, MESSAGES } from '../../../src/machine/inputs';

/**
 * Every message the element can put on the console, read from src/: the
 * first argument of each logError/logWarning call, each LookupError (the
 * machine logs a failed lookup's message), the validation MESSAGES and each
 * invalidValueMessage(...) call. Variable parts become `…`. A message helper
 * (a function held in a const, such as `const invalid = (why: string) => new
 * LookupError(`invalid endpoint: ${why}`)`) is read at each of its calls,
 * its parameters standing for the arguments there.
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

/** A function held in a const whose body makes one message, with its parameters and their defaults. */
interface MessageHelper {
  params: { name: string; fallback: ts.Expression | undefined }[];
  message: ts.Expression;
}

/** The argument of the first `new LookupError(…)` or logger call in `body`, if any. */
function messageIn(body: ts.Node): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    const made =
      (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'LookupError') ||
      (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && LOGGERS.has(node.expression.text));
    if (made) found = node.arguments?.[0];
    else ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** The message helpers a file declares, by name, anywhere in it. */
function helpersIn(file: ts.SourceFile): Map<string, MessageHelper> {
  const helpers = new Map<string, MessageHelper>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const helper = node.initializer;
      const message = ts.isArrowFunction(helper) ? messageIn(helper.body) : undefined;
      if (ts.isArrowFunction(helper) && message) {
        const params = helper.parameters.map(({ name, initializer }) => ({
          name: name.getText(),
          fallback: initializer,
        }));
        helpers.set(node.name.text, { params, message });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return helpers;
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
  const helpersByFile = new Map(files.map((file) => [file, helpersIn(file)]));
  /** A helper of the file itself, else the one helper of that name the others export. */
  const helperFor = (file: ts.SourceFile, name: string) =>
    helpersByFile.get(file)!.get(name) ??
    [...helpersByFile.values()].flatMap((helpers) => helpers.get(name) ?? []).find((_, __, all) => all.length === 1);
  /** Their messages are read at their calls, not where they are made. */
  const helperMessages = new Set(
    [...helpersByFile.values()].flatMap((helpers) => [...helpers.values()].map(({ message }) => message)),
  );
  const messages: ConsoleMessage[] = [];
  const unreadable: string[] = [];
  const directConsole: string[] = [];

  for (const file of files) {
    const where = (node: ts.Node) => `${file.fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

    /**
     * The message an argument stands for; false when it cannot be read statically. In a
     * helper's message, `bound` holds what its parameters stand for at one of its calls.
     */
    const texts = (node: ts.Expression, bound = new Map<string, string[]>()): string[] | false => {
      if (ts.isParenthesizedExpression(node)) return texts(node.expression, bound);
      if (ts.isStringLiteralLike(node)) return [node.text];
      if (ts.isIdentifier(node) && bound.has(node.text)) return bound.get(node.text)!;
      if (ts.isTemplateExpression(node)) {
        // A part is a parameter, or a choice between texts, where those can be read; else it varies.
        const parts = node.templateSpans.map((span) => {
          const readable =
            (ts.isIdentifier(span.expression) && bound.has(span.expression.text)) ||
            ts.isConditionalExpression(span.expression);
          const read = readable ? texts(span.expression, bound) : false;
          return (read || [PLACEHOLDER]).map((text) => text + span.literal.text);
        });
        return parts.reduce(
          (heads, part) => heads.flatMap((head) => part.map((text) => head + text)),
          [node.head.text],
        );
      }
      if (ts.isConditionalExpression(node)) {
        const whenTrue = texts(node.whenTrue, bound);
        const whenFalse = texts(node.whenFalse, bound);
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
      if (argument && helperMessages.has(argument)) return;
      const found = argument ? texts(argument) : false;
      if (found === false) unreadable.push(`${where(node)}: ${node.getText()}`);
      else for (const text of found) messages.push({ text, where: where(node) });
    };

    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        if (LOGGERS.has(name)) collect(node.arguments[0], node);
        const helper = helperFor(file, name);
        if (helper) {
          // An argument that cannot be read is a part that varies, as in a template.
          const bound = new Map(
            helper.params.map(({ name: param, fallback }, index) => {
              const argument = node.arguments[index] ?? fallback;
              return [param, (argument && texts(argument)) || [PLACEHOLDER]];
            }),
          );
          const found = texts(helper.message, bound);
          if (found === false) unreadable.push(`${where(node)}: ${node.getText()}`);
          else for (const text of found) messages.push({ text, where: where(node) });
        }
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
