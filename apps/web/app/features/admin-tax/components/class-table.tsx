import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { messageAt } from '../../admin/index.ts';
import { newClass, type TaxFormValues } from '../tax-form.ts';

const COLUMNS = [
  { field: 'code', label: 'Code' },
  { field: 'name', label: 'Name' },
  { field: 'rate', label: 'Rate %' },
] as const;

/** The tax classes, each with the rate used where no zone rate applies; the standard class stays. */
export function ClassTable() {
  const { control, register, formState } = useFormContext<TaxFormValues>();
  const classes = useFieldArray({ control, name: 'classes', keyName: 'key' });
  const error = (name: string) => messageAt(formState.errors, `classes.${name}`);
  const listProblem = error('root') ?? error('message');

  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {/* Positioned, so the cells' screen-reader labels scroll with the table instead of widening the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-96 text-sm">
          <caption className="text-left">
            <span className="font-semibold text-slate-900">Tax classes</span>
            <span className="ml-2 text-slate-600 text-xs">
              Rate %: where no rate of the zone below applies. Products without a class are standard.
            </span>
          </caption>
          <thead>
            <tr className="text-left text-slate-600">
              {COLUMNS.map((c) => (
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
            {classes.fields.map((row, i) => (
              <tr key={row.key} className="align-top">
                {COLUMNS.map((c) => {
                  const message = error(`${i}.${c.field}`);
                  const cell = `tax-class-${i}-${c.field}`;
                  return (
                    <td key={c.field} className="py-1 pr-2">
                      <Input
                        id={cell}
                        className="min-w-20"
                        autoComplete="off"
                        {...(c.field === 'rate'
                          ? { type: 'number', step: 0.01, min: 0, max: 100, inputMode: 'decimal' as const }
                          : {})}
                        readOnly={c.field === 'code' && row.locked}
                        aria-label={`${c.label}, class ${i + 1}`}
                        aria-invalid={Boolean(message)}
                        aria-describedby={message ? `${cell}-error` : undefined}
                        {...register(`classes.${i}.${c.field}`)}
                      />
                      <FieldError id={`${cell}-error`} message={message} />
                    </td>
                  );
                })}
                <td className="py-1">
                  {row.locked ? null : (
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove class ${i + 1}`}
                      onClick={() => classes.remove(i)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError id="tax-classes-error" message={listProblem} />
      <Button variant="outline" size="sm" onClick={() => classes.append(newClass())}>
        <Plus aria-hidden className="size-4" /> Add class
      </Button>
    </section>
  );
}
