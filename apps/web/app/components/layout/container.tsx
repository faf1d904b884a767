import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** docs/product.md §9: the page container is 90% wide, at most 1200px. */
export function Container({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-[90%] max-w-[1200px]', className)} {...props} />;
}
