import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { currencySymbol, messageAt, moneyInput, useBaseCurrency } from '../../admin/index.ts';
import { newBand, type ShippingFormValues } from '../zone-form.ts';

type BandsName = `zones.${number}.methods.${number}.${'weightBands' | 'subtotalBands'}`;

/**
 * A rate table: each row a band from its start up to (not including) its end, with its price. Only the
 * last band may leave "Up to" empty (and above).
 */
export function BandTable({ name, unit, caption }: { name: BandsName; unit: 'g' | 'money'; caption: string }) {
  const { control, register, formState, getValues } = useFormContext<ShippingFormValues>();
  const bands = useFieldArray({ control, name, keyName: 'key' });
  const error = (field: string): string | undefined => messageAt(formState.errors, `${name}.${field}`);
  const id = name.replaceAll('.', '-');
  const base = useBaseCurrency();
  const money = moneyInput(base);
  const symbol = currencySymbol(base);
  const amount = unit === 'money' ? money : { step: '1', inputMode: 'numeric' as const };
  const shown = unit === 'money' ? symbol : unit;
  const columns = [
    { field: 'from', label: `From (${shown})` },
    { field: 'to', label: `Up to (${shown})` },
    { field: 'price', label: `Price (${symbol})` },
  ] as const;
  const tableProblem = error('root') ?? error('message');

  function addBand() {
    // The next band usually starts where the last one ends.
    const last = getValues(name).at(-1);
    bands.append(newBand(last?.to ?? ''));
  }

  return (
    <div className="mt-3 space-y-2">
      {/* On a phone the table scrolls inside its method rather than widening the page. */}
      <div className="overflow-x-auto">
        <table className="w-full min-w-72 text-sm">
          <caption className="text-left font-medium text-slate-800">
            <span className="sr-only">{caption}</span>
            <span aria-hidden>{unit === 'g' ? 'Weight bands' : 'Order value bands'}</span>
            <span className="ml-2 font-normal text-slate-600 text-xs">Up to empty: and above</span>
          </caption>
          <thead>
            <tr className="text-left text-slate-600">
              {columns.map((c) => (
                <th key={c.field} scope="col" className="py-1 pr-2 font-medium">
                  {c.label}
                </th>
              ))}
              <th scope="col" className="py-1">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bands.fields.map((band, b) => (
              <tr key={band.key} className="align-top">
                {columns.map((c) => {
                  const message = error(`${b}.${c.field}`);
                  const cell = `${id}-${b}-${c.field}`;
                  return (
                    <td key={c.field} className="py-1 pr-2">
                      <Input
                        id={cell}
                        className="min-w-20"
                        type="number"
                        min={0}
                        {...(c.field === 'price' ? money : amount)}
                        aria-label={`${c.label}, band ${b + 1}`}
                        aria-invalid={Boolean(message)}
                        aria-describedby={message ? `${cell}-error` : undefined}
                        {...register(`${name}.${b}.${c.field}`)}
                      />
                      <FieldError id={`${cell}-error`} message={message} />
                    </td>
                  );
                })}
                <td className="py-1">
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove band ${b + 1}`}
                    disabled={bands.fields.length === 1}
                    onClick={() => bands.remove(b)}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError id={`${id}-error`} message={tableProblem} />
      <Button variant="outline" size="sm" onClick={addBand}>
        <Plus aria-hidden className="size-4" /> Add band
      </Button>
    </div>
  );
}
