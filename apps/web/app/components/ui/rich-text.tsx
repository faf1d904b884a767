import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A description as the server stored it: HTML it sanitized on save to a small allow-list (headings,
 * paragraphs, lists, bold, italic, links; docs/adr/044-rich-text.md), so it is rendered as it is.
 */
export function RichText({ html, className, ...props }: { html: string } & Omit<ComponentProps<'div'>, 'children'>) {
  return (
    <div
      {...props}
      className={cn('rich-text', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on every write (docs/adr/044-rich-text.md)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
