import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, docsOf, findBadReferences, sectionNumbers } from './doc-references.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The check and this test spell the forbidden names on purpose. */
const SELF = new Set([path.join(root, 'scripts/doc-references.ts'), import.meta.filename]);

/** Written in pieces, so that a search of the code for these names finds only the check. */
const [issue, spec, design, style] = ['issue', 'spec', 'DESIGN', 'STYLE'];

const planted = {
  exists: (docPath: string) => ['docs/product.md', 'docs/adr/020-module-shape-and-typed-results.md'].includes(docPath),
  sections: () => new Set([1, 2, 3]),
};

describe('references a reader can follow', () => {
  it('refuses names of places outside the repository', () => {
    const text = [
      '// Toasts sit below the header (docs/product.md §2).',
      `/** The cancel of ${issue} 4: before shipment. */`,
      `it('I${issue.slice(1)} 10 point 2: staff never raise a role', () => {});`,
      `// Budgets as in ${design} §9.`,
      `// the ${spec}’s colour and size`,
      '// See ../shared/spec for the texts.',
      `// One result type (${style} 6).`,
    ].join('\n');
    const lines = findBadReferences('planted.ts', text, planted).map((f) => f.line);
    expect(lines).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('refuses a docs path or a numbered section that does not exist', () => {
    const text = [
      '// docs/adr/020-module-shape-and-typed-results.md',
      '// docs/adr/999-never-written.md',
      '// docs/product.md §3 and docs/product.md §12',
    ].join('\n');
    const found = findBadReferences('planted.ts', text, planted);
    expect(found.map((f) => [f.line, f.problem])).toEqual([
      [2, 'names docs/adr/999-never-written.md, which does not exist'],
      [3, 'names docs/product.md §12, a section that document does not have'],
    ]);
  });

  it('reads the numbered sections of a document', () => {
    expect([...sectionNumbers('# Title\n\n## 1. One\n### 1.1 Sub\n## 2. Two\n## Notes\n## 10. Ten\n')]).toEqual([
      1, 2, 10,
    ]);
  });

  it('finds none in the code: comments and test titles cite docs/ or nothing', () => {
    const docs = docsOf(root);
    const files = [...codeFiles(root)].filter((file) => !SELF.has(file));
    expect(files.length).toBeGreaterThan(500);
    const findings = files.flatMap((file) =>
      findBadReferences(path.relative(root, file), fs.readFileSync(file, 'utf8'), docs),
    );
    expect(findings.map((f) => `${f.file}:${f.line} ${f.problem}`)).toEqual([]);
  });
});
