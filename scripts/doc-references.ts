import fs from 'node:fs';
import path from 'node:path';

/**
 * References in the code must lead somewhere a reader of this repository can go: a file under docs/
 * (a numbered section of docs/product.md or docs/architecture.md, an ADR), or nothing. Tracker issues
 * and documents kept outside the repository are named in commit messages, not in the code.
 */

/** Names of places outside the repository, as they were written in comments and test titles. */
const OUTSIDE = [
  { pattern: /\b[Ii]ssues? \d+/, says: 'a tracker issue' },
  { pattern: /\bspec §/, says: 'the outside specification' },
  { pattern: /\b[Tt]he spec(?:'s|’s)?\b(?!\.)/, says: 'the outside specification' },
  { pattern: /\b[Tt]he (?:product )?specification\b/, says: 'the outside specification' },
  { pattern: /\bDESIGN\b/, says: 'the outside design notes' },
  { pattern: /\bSTYLE \d/, says: 'the outside style notes' },
  { pattern: /\.\.\/shared\//, says: 'a folder outside the repository' },
];

/** `docs/<file>.md §N` — a numbered section of one of the documents. */
const SECTION_REF = /\bdocs\/([\w-]+\.md) §(\d+)/g;
/** A docs path named in the code: `docs/…md` or `docs/adr/…md`. */
const DOC_PATH = /\bdocs\/[\w./-]+?\.md\b/g;

export type Finding = { file: string; line: number; problem: string };

/** Every reference in `text` that a reader cannot follow; `sections` lists each document's numbers. */
export function findBadReferences(
  file: string,
  text: string,
  docs: { exists: (docPath: string) => boolean; sections: (docFile: string) => ReadonlySet<number> },
): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const { pattern, says } of OUTSIDE) {
      const match = pattern.exec(content);
      if (match) findings.push({ file, line, problem: `names ${says} ("${match[0]}")` });
    }
    for (const match of content.matchAll(DOC_PATH)) {
      if (!docs.exists(match[0])) findings.push({ file, line, problem: `names ${match[0]}, which does not exist` });
    }
    for (const match of content.matchAll(SECTION_REF)) {
      const [ref, docFile, number] = match;
      if (docs.exists(`docs/${docFile}`) && !docs.sections(docFile as string).has(Number(number))) {
        findings.push({ file, line, problem: `names ${ref}, a section that document does not have` });
      }
    }
  });
  return findings;
}

/** The numbers of a markdown document's `## N. Title` headings. */
export function sectionNumbers(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css|sql|sh)$/;
const SKIP = new Set(['node_modules', 'build', 'dist', '.react-router', 'test-results', 'playwright-report']);

/** The repository's code: apps, packages, e2e, bench, scripts, .ci and the root's configuration. */
export function* codeFiles(root: string): Generator<string> {
  function* walk(dir: string): Generator<string> {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.ci')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (SOURCE.test(entry.name) || dir.endsWith(`${path.sep}.ci`)) yield full;
    }
  }
  for (const dir of ['apps', 'packages', 'e2e', 'bench', 'scripts', '.ci']) {
    const full = path.join(root, dir);
    if (fs.existsSync(full)) yield* walk(full);
  }
  for (const entry of fs.readdirSync(root)) {
    if (SOURCE.test(entry)) yield path.join(root, entry);
  }
}

/** The documents under `root`/docs, read once each. */
export function docsOf(root: string) {
  const sections = new Map<string, Set<number>>();
  return {
    exists: (docPath: string) => fs.existsSync(path.join(root, docPath)),
    sections(docFile: string): ReadonlySet<number> {
      let found = sections.get(docFile);
      if (!found) {
        found = sectionNumbers(fs.readFileSync(path.join(root, 'docs', docFile), 'utf8'));
        sections.set(docFile, found);
      }
      return found;
    },
  };
}
