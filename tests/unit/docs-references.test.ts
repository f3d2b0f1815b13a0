/**
 * The docs trail resolves: every reference the code and the docs make to the repository's own docs
 * points at a file that exists and, when it quotes, at text that is there.
 *
 * What is scanned: the .ts/.tsx/.mjs/.md/.sql files under the SCANNED folders (node_modules, dist
 * and .data skipped). What counts as a reference, <doc> standing for any path under docs/:
 *   - a bare `docs/<doc>.md`: resolves when the file exists;
 *   - `docs/<doc>.md "Quote"` (also with `,` or `:` before the quote, or the quote in parentheses),
 *     with further quotes chained by `,` `and` `or` `/` (`"A", "B"`) all naming the same file; a
 *     quote may wrap onto the next lines of a comment (the `*`, `//`, `--` prefixes of the
 *     continuation lines are dropped);
 *   - `docs/<doc>.md §N`: resolves when the file has a heading that starts with `§N`.
 * A quote resolves when either
 *   1. it is a heading of the file: compared with each heading (outside code fences) case-insensitively,
 *      leading #'s, runs of white space and trailing punctuation ignored; or
 *   2. it is text of the file: found literally, case-sensitive, with every run of white space (the
 *      file's line wraps) read as one space. A quote that elides with ` … ` resolves when its parts are
 *      found in that order.
 * Anything else is dangling and listed as `file:line → reference`.
 *
 * And a doc's title line (its first `# ` heading) does not cite the doc itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const D = 'docs';
const ROOT = resolve(__dirname, '../..');
const SCANNED = ['server', 'src', 'contract', 'providers', 'resources', 'tests', 'e2e', 'docs', 'bench', 'scripts'];
const SKIPPED = new Set(['node_modules', 'dist', '.data']);
const EXTENSIONS = /\.(ts|tsx|mjs|md|sql)$/;

interface DocReference {
  file: string;
  line: number;
  doc: string;
  quotes: string[];
  sections: string[];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    if (SKIPPED.has(e.name) || e.name.startsWith('.data')) return [];
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return filesUnder(path);
    return EXTENSIONS.test(e.name) ? [path] : [];
  });
}

const DOC = /(?<![\w./-])docs\/([\w./-]+?\.md)\b/g;
/** What may stand between the path (or a quote) and the next quote. */
const FIRST_QUOTE = /^(?:[,:]?\s*\(?\s*)"/;
const NEXT_QUOTE = /^(?:\s*,\s*|\s+(?:and|or|\/|&)\s+)"/;
const SECTION = /^\s*(§\d+)/;

/** The quote opened just before `lines[i][from]`, and where reading went on after its closing mark. */
function readQuote(lines: string[], i: number, from: number, isMarkdown: boolean): { text: string; line: number; at: number } | undefined {
  let text = '';
  let line = i;
  let start = from;
  for (let n = 0; n < 5 && line < lines.length; n++) {
    const end = lines[line].indexOf('"', start);
    if (end >= 0) return { text: text + lines[line].slice(start, end), line, at: end + 1 };
    text += `${lines[line].slice(start)} `;
    line += 1;
    if (line >= lines.length) return undefined;
    const prefix = isMarkdown ? /^\s*>?\s*/ : /^\s*(?:\*(?!\/)|\/\/|--|#)?\s*/;
    start = prefix.exec(lines[line])?.[0].length ?? 0;
  }
  return undefined;
}

function referencesIn(file: string, text: string): DocReference[] {
  const lines = text.split('\n');
  const isMarkdown = file.endsWith('.md');
  const found: DocReference[] = [];
  lines.forEach((lineText, i) => {
    for (const m of lineText.matchAll(DOC)) {
      const ref: DocReference = { file, line: i + 1, doc: `docs/${m[1]}`, quotes: [], sections: [] };
      let line = i;
      let at = m.index + m[0].length;
      const section = SECTION.exec(lines[line].slice(at));
      if (section) ref.sections.push(section[1]);
      let opener = FIRST_QUOTE.exec(lines[line].slice(at));
      if (!opener && !lines[line].slice(at).trim() && line + 1 < lines.length) {
        // the quote opens the next line: `… docs/<doc>.md` ⏎ ` * "Heading" …`
        const next = (isMarkdown ? /^\s*>?\s*"/ : /^\s*(?:\*(?!\/)|\/\/|--|#)?\s*"/).exec(lines[line + 1]);
        if (next) ({ line, at, opener } = { line: line + 1, at: 0, opener: next });
      }
      while (opener) {
        const quote = readQuote(lines, line, at + opener[0].length, isMarkdown);
        if (!quote) break;
        ref.quotes.push(quote.text.replace(/\s+/g, ' ').trim());
        ({ line, at } = quote);
        opener = NEXT_QUOTE.exec(lines[line].slice(at));
      }
      found.push(ref);
    }
  });
  return found;
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
const headingKey = (s: string) =>
  squeeze(s.replace(/^#+\s*/, ''))
    .replace(/[\s.,:;!?…]+$/, '')
    .toLowerCase();

interface Doc {
  headings: Set<string>;
  flat: string;
}

function headingsOf(text: string): string[] {
  let fenced = false;
  const headings: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^#{1,6}\s/.test(line)) headings.push(line);
  }
  return headings;
}

function resolves(doc: Doc, quote: string): boolean {
  if (doc.headings.has(headingKey(quote))) return true;
  const parts = quote.split(/\s*…\s*/).filter(Boolean);
  let from = 0;
  for (const part of parts) {
    const at = doc.flat.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return parts.length > 0;
}

const docs = new Map<string, Doc | null>();
function loadDoc(path: string): Doc | null {
  if (!docs.has(path)) {
    const full = join(ROOT, path);
    if (!existsSync(full)) docs.set(path, null);
    else {
      const text = readFileSync(full, 'utf8');
      docs.set(path, { headings: new Set(headingsOf(text).map(headingKey)), flat: squeeze(text) });
    }
  }
  return docs.get(path) ?? null;
}

function dangling(ref: DocReference): string[] {
  const where = `${ref.file}:${ref.line} → ${ref.doc}`;
  const doc = loadDoc(ref.doc);
  if (!doc) return [`${where} (no such file)`];
  const out = ref.quotes.filter((q) => !resolves(doc, q)).map((q) => `${where} "${q}"`);
  for (const s of ref.sections) if (![...doc.headings].some((h) => h.startsWith(s.toLowerCase()))) out.push(`${where} ${s}`);
  return out;
}

const files = SCANNED.flatMap(filesUnder);
const references = files.flatMap((f) => referencesIn(f, readFileSync(join(ROOT, f), 'utf8')));

describe('docs references', () => {
  it('finds the references (so the checks below can fail)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(references.length).toBeGreaterThan(400);
    expect(references.filter((r) => r.quotes.length > 0).length).toBeGreaterThan(300);
  });

  it('reads a quote that wraps onto the next comment line, chained quotes and sections', () => {
    // written with ${D} so that this file's own scan does not read them as references
    const refs = referencesIn('x.ts', `/**\n * see ${D}/a.md "Reads in one round\n * trip", "B" and ${D}/b.md §2\n */`);
    expect(refs).toEqual([
      { file: 'x.ts', line: 2, doc: `${D}/a.md`, quotes: ['Reads in one round trip', 'B'], sections: [] },
      { file: 'x.ts', line: 3, doc: `${D}/b.md`, quotes: [], sections: ['§2'] },
    ]);
  });

  it('resolves a quote by heading or by text, and nothing else', () => {
    const doc = { headings: new Set(['## Start time', '### Reads: in one round trip.'].map(headingKey)), flat: squeeze('A page of 100\n  orders answers in 12 ms.') };
    expect(resolves(doc, 'start time')).toBe(true);
    expect(resolves(doc, 'Reads: in one round trip')).toBe(true);
    expect(resolves(doc, 'A page of 100 orders')).toBe(true);
    expect(resolves(doc, 'A page of 100 … in 12 ms')).toBe(true);
    expect(resolves(doc, 'in 12 ms … A page')).toBe(false);
    expect(resolves(doc, 'a page of 100 orders')).toBe(false);
    expect(resolves(doc, 'Start')).toBe(false);
  });

  it('every reference names a doc that exists and text that is in it', () => {
    expect(references.flatMap(dangling)).toEqual([]);
  });

  it('no doc title cites the doc itself', () => {
    const docFiles = files.filter((f) => f.startsWith('docs/') && f.endsWith('.md'));
    const selfCiting = docFiles.flatMap((f) => {
      const title = headingsOf(readFileSync(join(ROOT, f), 'utf8')).find((h) => /^#\s/.test(h));
      return title && referencesIn(f, title).some((r) => r.doc === f) ? [`${f}: ${title}`] : [];
    });
    expect(selfCiting).toEqual([]);
  });
});
