import { Trash2 } from 'lucide-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { NATIVE_SELECT as SELECT } from '../../../components/ui/native-select.ts';
import { currencySymbol, messageAt, moneyInput, useBaseCurrency } from '../../admin/index.ts';
import { FREE_OVER_BASES, RATE_KINDS, type ShippingFormValues } from '../zone-form.ts';
import { BandTable } from './band-table.tsx';

/** One method of a zone: what checkout calls it, how long it takes, and its rate with its free threshold. */
export function MethodFields({
  zone,
  index,
  zoneTitle,
  onRemove,
}: {
  zone: number;
  index: number;
  zoneTitle: string;
  /** Absent for a zone's only method: a zone has at least one. */
  onRemove?: () => void;
}) {
  const { control, register, formState } = useFormContext<ShippingFormValues>();
  const path = `zones.${zone}.methods.${index}` as const;
  const kind = useWatch({ control, name: `${path}.kind` });
  const name = useWatch({ control, name: `${path}.name` });
  const error = (field: string): string | undefined => messageAt(formState.errors, `${path}.${field}`);
  const id = `zone-${zone}-method-${index}`;
  const base = useBaseCurrency();
  const money = moneyInput(base);
  const symbol = currencySymbol(base);
  const title = `Method ${index + 1}${name?.trim() ? `: ${name.trim()}` : ''}`;

  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-900 text-sm">{title}</legend>
      <div className="grid gap-3 md:grid-cols-3">
        <LabelledField id={`${id}-code`} label="Code" hint="e.g. standard, express, pick-up" error={error('code')}>
          {(c) => <Input {...c} autoComplete="off" {...register(`${path}.code`)} />}
        </LabelledField>
        <LabelledField id={`${id}-name`} label="Name" hint="What checkout shows" error={error('name')}>
          {(c) => <Input {...c} {...register(`${path}.name`)} />}
        </LabelledField>
        <LabelledField
          id={`${id}-estimate`}
          label="Delivery estimate (optional)"
          hint="e.g. 2–4 business days"
          error={error('estimate')}
        >
          {(c) => <Input {...c} {...register(`${path}.estimate`)} />}
        </LabelledField>

        <LabelledField id={`${id}-kind`} label="Rate" error={error('kind')}>
          {(c) => (
            <Controller
              control={control}
              name={`${path}.kind`}
              render={({ field }) => (
                <select {...c} className={SELECT} {...field}>
                  {RATE_KINDS.map((k) => (
                    <option key={k.value} value={k.value}>
                      {k.label}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </LabelledField>
        {kind === 'flat' ? (
          <LabelledField id={`${id}-price`} label={`Price (${symbol})`} error={error('price')}>
            {(c) => <Input {...c} type="number" {...money} min={0} {...register(`${path}.price`)} />}
          </LabelledField>
        ) : null}
      </div>

      {kind === 'weight' ? (
        <BandTable
          key="weight"
          name={`${path}.weightBands`}
          unit="g"
          caption={`Weight bands of ${zoneTitle}, ${title}`}
        />
      ) : null}
      {kind === 'subtotal' ? (
        <BandTable
          key="subtotal"
          name={`${path}.subtotalBands`}
          unit="money"
          caption={`Order value bands of ${zoneTitle}, ${title}`}
        />
      ) : null}

      <div className="mt-3 grid gap-3 md:grid-cols-3">
        <LabelledField
          id={`${id}-free-over`}
          label={`Free shipping over (${symbol}) (optional)`}
          hint="Empty: never free"
          error={error('freeOver')}
        >
          {(c) => <Input {...c} type="number" {...money} min={0} {...register(`${path}.freeOver`)} />}
        </LabelledField>
        <LabelledField
          id={`${id}-basis`}
          label="Order value judged"
          hint="For the free threshold and order value bands"
          error={error('basis')}
        >
          {(c) => (
            <Controller
              control={control}
              name={`${path}.basis`}
              render={({ field }) => (
                <select {...c} className={SELECT} {...field}>
                  {FREE_OVER_BASES.map((b) => (
                    <option key={b.value} value={b.value}>
                      {b.label}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </LabelledField>
      </div>

      {onRemove ? (
        <div className="mt-3 flex justify-end">
          <Button size="sm" variant="outline" onClick={onRemove} aria-label={`Remove ${title} of ${zoneTitle}`}>
            <Trash2 aria-hidden className="size-4" /> Remove method
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
