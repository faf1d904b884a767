import type { Block } from './parse-body.ts';

/** Content blocks as elements; React escapes all text, so a page's body can never inject markup. */
export function ContentBlocks({ blocks, headingLevel = 2 }: { blocks: Block[]; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Q = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <>
      {blocks.map((block, i) => {
        // Blocks have no identity but their place in a text that does not change while shown.
        const key = `${block.type}-${i}`;
        switch (block.type) {
          case 'heading':
            return (
              <H key={key} className="mt-10 font-semibold text-2xl first:mt-0">
                {block.text}
              </H>
            );
          case 'question':
            return (
              <Q key={key} className="mt-6 font-semibold text-lg">
                {block.text}
              </Q>
            );
          case 'list':
            return (
              <ul key={key} className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items may repeat; their place is their identity
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          default:
            return (
              <p key={key} className="mt-4 whitespace-pre-line text-slate-700 leading-relaxed">
                {block.text}
              </p>
            );
        }
      })}
    </>
  );
}
