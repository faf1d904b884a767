import { regionChoices } from '@shop/contracts/address-rules';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-slate-900 aria-[invalid=true]:border-red-600';

/**
 * The region of an address: a list of the states or provinces where the country has one (the US,
 * Canada, Australia: contracts regions.ts), whose values are their codes, else a text field. A native
 * select, so the browser's address autofill can choose the state.
 */
export function RegionInput({
  country,
  className,
  ...props
}: { country: string } & ComponentProps<'input'> & ComponentProps<'select'>) {
  const choices = regionChoices(country);
  if (!choices) return <Input className={className} {...(props as ComponentProps<'input'>)} />;
  return (
    <select className={cn(selectClass, className)} {...(props as ComponentProps<'select'>)}>
      <option value="">Choose…</option>
      {choices.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
