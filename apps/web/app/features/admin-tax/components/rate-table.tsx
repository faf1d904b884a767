import { COUNTRIES, countryName } from '@shop/contracts/countries';
import { regionsOf } from '@shop/contracts/regions';
import type { ShippingSettingsAnswer } from '@shop/contracts/shipping-zones';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NATIVE_SELECT as SELECT } from '../../../components/ui/native-select.ts';
import { messageAt } from '../../admin/index.ts';
import { hasRegions, newRate, type TaxFormValues } from '../tax-form.ts';

type Zone = ShippingSettingsAnswer['zones'][number];

/** The countries a rate of `zone` may name: the zone's own, or any for the "everywhere else" zone. */
const countriesOf = (zone: Zone | undefined): [code: string, name: string][] => {
  if (!zone) return [];
  if (zone.everywhere_else) return COUNTRIES.map(([code, name]) => [code, name]);
  return zone.countries.map((code) => [code, countryName(code)]);
};

/** The rates of each class per shipping zone, for the whole zone, one of its countries, or a state or province. */
export function RateTable({ zones, classCodes }: { zones: readonly Zone[]; classCodes: readonly string[] }) {
  const { control, register, formState, setValue } = useFormContext<TaxFormValues>();
  const rates = useFieldArray({ control, name: 'rates', keyName: 'key' });
  const values = useWatch({ control, name: 'rates' });
  const error = (name: string) => messageAt(formState.errors, `rates.${name}`);
  const listProblem = error('root') ?? error('message');

  /** A cell's control tied to its header, its row and its error. */
  const cell = (i: number, field: string, label: string) => {
    const message = error(`${i}.${field}`);
    const id = `tax-rate-${i}-${field}`;
    return {
      control: {
        id,
        'aria-label': `${label}, rate ${i + 1}`,
        'aria-invalid': Boolean(message),
        'aria-describedby': message ? `${id}-error` : undefined,
      },
      problem: <FieldError id={`${id}-error`} message={message} />,
    };
  };

  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {zones.length === 0 ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900 text-sm">
          No shipping zones yet: rates are set per zone, so add zones in Settings › Shipping first.
        </p>
      ) : null}
      {/* Positioned, so the cells' screen-reader labels scroll with the table instead of widening the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[48rem] text-sm">
          <caption className="text-left">
            <span className="font-semibold text-slate-900">Rates by zone</span>
            <span className="ml-2 text-slate-600 text-xs">
              The closest rate wins: a region’s, then a country’s, then the whole zone’s, then the class’s own.
            </span>
          </caption>
          <thead>
            <tr className="text-left text-slate-600">
              {['Zone', 'Class', 'Country', 'Region', 'Rate %', 'Reverse charge for businesses'].map((label) => (
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
            {rates.fields.map((row, i) => {
              const rate = values[i] ?? row;
              const zone = zones.find((z) => z.id === rate.zoneId);
              const countries = countriesOf(zone);
              const zoneCell = cell(i, 'zoneId', 'Zone');
              const classCell = cell(i, 'classCode', 'Class');
              const countryCell = cell(i, 'country', 'Country');
              const regionCell = cell(i, 'region', 'Region');
              const rateCell = cell(i, 'rate', 'Rate %');
              const chargeCell = cell(i, 'reverseCharge', 'Reverse charge for businesses');
              return (
                <tr key={row.key} className="align-top">
                  <td className="py-1 pr-2">
                    <select
                      className={SELECT}
                      {...zoneCell.control}
                      {...register(`rates.${i}.zoneId`, {
                        // Another zone has other countries: the rate starts again from the whole zone.
                        onChange: () => {
                          setValue(`rates.${i}.country`, '');
                          setValue(`rates.${i}.region`, '');
                        },
                      })}
                    >
                      {zone ? null : <option value={rate.zoneId}>Choose a zone</option>}
                      {zones.map((z) => (
                        <option key={z.id} value={z.id}>
                          {z.name}
                        </option>
                      ))}
                    </select>
                    {zoneCell.problem}
                  </td>
                  <td className="py-1 pr-2">
                    <Controller
                      control={control}
                      name={`rates.${i}.classCode`}
                      render={({ field }) => (
                        <select className={SELECT} {...classCell.control} {...field}>
                          {classCodes.includes(field.value) ? null : (
                            <option value={field.value}>{field.value || 'Choose a class'}</option>
                          )}
                          {classCodes.map((code) => (
                            <option key={code} value={code}>
                              {code}
                            </option>
                          ))}
                        </select>
                      )}
                    />
                    {classCell.problem}
                  </td>
                  <td className="py-1 pr-2">
                    <Controller
                      control={control}
                      name={`rates.${i}.country`}
                      render={({ field }) => (
                        <select
                          className={SELECT}
                          {...countryCell.control}
                          {...field}
                          onChange={(event) => {
                            field.onChange(event);
                            // A region belongs to its country.
                            setValue(`rates.${i}.region`, '');
                          }}
                        >
                          <option value="">Whole zone</option>
                          {field.value !== '' && !countries.some(([code]) => code === field.value) ? (
                            <option value={field.value}>{countryName(field.value)}</option>
                          ) : null}
                          {countries.map(([code, name]) => (
                            <option key={code} value={code}>
                              {name}
                            </option>
                          ))}
                        </select>
                      )}
                    />
                    {countryCell.problem}
                  </td>
                  <td className="py-1 pr-2">
                    {hasRegions(rate.country) ? (
                      <Controller
                        control={control}
                        name={`rates.${i}.region`}
                        render={({ field }) => (
                          <select className={SELECT} {...regionCell.control} {...field}>
                            <option value="">Whole country</option>
                            {(regionsOf(rate.country) ?? []).map(([code, name]) => (
                              <option key={code} value={code}>
                                {name}
                              </option>
                            ))}
                          </select>
                        )}
                      />
                    ) : null}
                    {regionCell.problem}
                  </td>
                  <td className="py-1 pr-2">
                    <Input
                      className="min-w-20"
                      type="number"
                      step={0.01}
                      min={0}
                      max={100}
                      inputMode="decimal"
                      {...rateCell.control}
                      {...register(`rates.${i}.rate`)}
                    />
                    {rateCell.problem}
                  </td>
                  <td className="py-1 pr-2">
                    <Checkbox className="mt-3" {...chargeCell.control} {...register(`rates.${i}.reverseCharge`)} />
                    {chargeCell.problem}
                  </td>
                  <td className="py-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove rate ${i + 1}`}
                      onClick={() => rates.remove(i)}
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
      <FieldError id="tax-rates-error" message={listProblem} />
      <Button
        variant="outline"
        size="sm"
        disabled={zones.length === 0}
        onClick={() => rates.append(newRate(zones[0]?.id ?? ''))}
      >
        <Plus aria-hidden className="size-4" /> Add rate
      </Button>
    </section>
  );
}
