import { ROUNDINGS } from '@shop/contracts/currency';
import type { CurrencySettingsAnswer } from '@shop/contracts/currency-settings';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NATIVE_SELECT } from '../../../components/ui/native-select.ts';
import { messageAt } from '../../admin/index.ts';
import { CountryPicker } from '../../admin-shipping/index.ts';
import { type CurrencyFormValues, newPresentment, ROUNDING_LABELS } from '../currency-form.ts';

type Choice = CurrencySettingsAnswer['choices'][number];

/** The currencies shoppers may pay in besides the base: each with its rate, rounding and countries. */
export function PresentmentTable({ choices, base }: { choices: readonly Choice[]; base: string }) {
  const { control, register, formState } = useFormContext<CurrencyFormValues>();
  const rows = useFieldArray({ control, name: 'presentment', keyName: 'key' });
  const error = (name: string) => messageAt(formState.errors, `presentment.${name}`);
  const listProblem = error('root') ?? error('message');

  /** A cell's control tied to its header, its row and its error. */
  const cell = (i: number, field: string, label: string) => {
    const message = error(`${i}.${field}`);
    const id = `currency-${i}-${field}`;
    return {
      control: {
        id,
        'aria-invalid': Boolean(message),
        'aria-describedby': message ? `${id}-error` : undefined,
      },
      label: `${label}, currency ${i + 1}`,
      problem: <FieldError id={`${id}-error`} message={message} />,
    };
  };

  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {/* Positioned, so the cells' screen-reader labels scroll with the table instead of widening the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[52rem] text-sm">
          <caption className="text-left">
            <span className="font-semibold text-slate-900">Currencies shoppers may pay in</span>
            <span className="ml-2 text-slate-600 text-xs">
              Prices are converted from {base} at your rate. Shoppers in the countries you list get the currency first;
              anyone may switch.
            </span>
          </caption>
          <thead>
            <tr className="text-left text-slate-600">
              {['Currency', `Rate (for 1 ${base})`, 'Rounding of prices', 'Countries'].map((label) => (
                <th key={label} scope="col" className="py-1 pr-2 font-medium">
                  {label}
                </th>
              ))}
              <th scope="col" className="py-1">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((row, i) => {
              const code = cell(i, 'code', 'Currency');
              const rate = cell(i, 'rate', 'Rate');
              const rounding = cell(i, 'rounding', 'Rounding');
              const countries = cell(i, 'countries', 'Countries');
              return (
                <tr key={row.key} className="align-top">
                  <td className="w-56 py-1 pr-2">
                    <Controller
                      control={control}
                      name={`presentment.${i}.code`}
                      render={({ field }) => (
                        <select className={NATIVE_SELECT} {...code.control} aria-label={code.label} {...field}>
                          {field.value === '' ? <option value="">Choose a currency</option> : null}
                          {choices.map((c) => (
                            <option key={c.code} value={c.code}>
                              {c.code} · {c.name}
                            </option>
                          ))}
                        </select>
                      )}
                    />
                    {code.problem}
                  </td>
                  <td className="w-32 py-1 pr-2">
                    <Input
                      className="min-w-24"
                      type="number"
                      step="any"
                      min={0}
                      inputMode="decimal"
                      autoComplete="off"
                      {...rate.control}
                      aria-label={rate.label}
                      {...register(`presentment.${i}.rate`)}
                    />
                    {rate.problem}
                  </td>
                  <td className="w-48 py-1 pr-2">
                    <Controller
                      control={control}
                      name={`presentment.${i}.rounding`}
                      render={({ field }) => (
                        <select className={NATIVE_SELECT} {...rounding.control} aria-label={rounding.label} {...field}>
                          {ROUNDINGS.map((r) => (
                            <option key={r} value={r}>
                              {ROUNDING_LABELS[r]}
                            </option>
                          ))}
                        </select>
                      )}
                    />
                    {rounding.problem}
                  </td>
                  <td className="py-1 pr-2">
                    <Controller
                      control={control}
                      name={`presentment.${i}.countries`}
                      render={({ field }) => (
                        <CountryPicker
                          control={countries.control}
                          label={countries.label}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                        />
                      )}
                    />
                    {countries.problem}
                  </td>
                  <td className="py-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove currency ${i + 1}`}
                      onClick={() => rows.remove(i)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.fields.length === 0 ? <p className="text-slate-600 text-sm">Shoppers pay in {base} only.</p> : null}
      <FieldError id="currencies-presentment-error" message={listProblem} />
      <Button variant="outline" size="sm" onClick={() => rows.append(newPresentment())}>
        <Plus aria-hidden className="size-4" /> Add currency
      </Button>
    </section>
  );
}
