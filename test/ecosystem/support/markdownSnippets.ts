/** The kinds of fenced snippet a customer copies into a module of their app. */
export const COMPILED_LANGUAGES = ['ts', 'tsx', 'js', 'vue', 'svelte'] as const;
export type CompiledLanguage = (typeof COMPILED_LANGUAGES)[number];

/**
 * The fence's info string says `fragment` after the language (```` ```tsx fragment ````) for a snippet
 * that is an excerpt, not a module: one line of JSX, a call without its import. GitHub shows only the
 * language; the marker costs the page no line.
 */
const FRAGMENT_MARKER = 'fragment';

export interface Snippet {
  /** The Markdown file, relative to the repository. */
  file: string;
  /** The line, 1-based, of the snippet's first line of code in `file`. */
  line: number;
  language: CompiledLanguage;
  fragment: boolean;
  code: string;
}

const isCompiled = (language: string): language is CompiledLanguage =>
  (COMPILED_LANGUAGES as readonly string[]).includes(language);

/** Every fenced snippet of `markdown` in a compiled language, where it starts. */
export function snippetsOf(markdown: string, file: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split('\n');
  let open: { fence: string; info: string[]; start: number } | null = null;
  for (const [index, line] of lines.entries()) {
    const fence = /^(`{3,}|~{3,})\s*(.*)$/.exec(line);
    if (open === null) {
      if (fence) open = { fence: fence[1]!, info: fence[2]!.trim().split(/\s+/), start: index + 1 };
      continue;
    }
    if (!fence || !fence[1]!.startsWith(open.fence) || fence[2]!.trim() !== '') continue;
    const [language = '', ...flags] = open.info;
    if (isCompiled(language)) {
      snippets.push({
        file,
        line: open.start + 1,
        language,
        fragment: flags.includes(FRAGMENT_MARKER),
        code: lines.slice(open.start, index).join('\n') + '\n',
      });
    }
    open = null;
  }
  return snippets;
}

/** Where a snippet's own line (1-based) is in its Markdown file. */
export const docLine = (snippet: Snippet, snippetLine: number) => `${snippet.file}:${snippet.line + snippetLine - 1}`;
