import { regionsOf } from '@shop/contracts/regions';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { messageAt } from '../../admin/index.ts';
import { hasRegionList, narrowsByPostcode, newMethod, type ShippingFormValues } from '../zone-form.ts';
import { CountryPicker } from './country-picker.tsx';
import { MethodFields } from './method-fields.tsx';

/** One zone: where it ships (countries, or everywhere else; one country narrowed by regions or postcodes) and its methods. */
export function ZoneFields({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { control, register, formState } = useFormContext<ShippingFormValues>();
  const path = `zones.${index}` as const;
  const zone = useWatch({ control, name: path });
  const methods = useFieldArray({ control, name: `${path}.methods`, keyName: 'key' });
  const error = (name: string): string | undefined => messageAt(formState.errors, `${path}.${name}`);
  const id = `zone-${index}`;
  const title = `Zone ${index + 1}${zone?.name.trim() ? `: ${zone.name.trim()}` : ''}`;
  const regions = zone && hasRegionList(zone) ? (regionsOf(zone.countries[0] as string) ?? []) : [];
  const methodsProblem = error('methods.root') ?? error('methods.message');

  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 font-semibold text-slate-900">{title}</legend>
      <div className="mb-3 flex flex-wrap justify-end gap-1">
        <Button
          size="sm"
          variant="outline"
          aria-label={`Move ${title} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden className="size-4" />
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Move ${title} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden className="size-4" />
        </Button>
        <Button size="sm" variant="outline" onClick={onRemove} aria-label={`Remove ${title}`}>
          <Trash2 aria-hidden className="size-4" /> Remove zone
        </Button>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <LabelledField id={`${id}-name`} label="Zone name" error={error('name')}>
          {(c) => <Input {...c} {...register(`${path}.name`)} />}
        </LabelledField>
        <div className="space-y-1 self-end">
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-everywhere`}
              aria-invalid={Boolean(error('everywhereElse'))}
              aria-describedby={error('everywhereElse') ? `${id}-everywhere-error` : undefined}
              {...register(`${path}.everywhereElse`)}
            />
            <label htmlFor={`${id}-everywhere`} className="text-slate-800 text-sm">
              Everywhere else (all countries no other zone lists)
            </label>
          </div>
          <FieldError id={`${id}-everywhere-error`} message={error('everywhereElse')} />
        </div>

        {zone?.everywhereElse ? null : (
          <Controller
            control={control}
            name={`${path}.countries`}
            render={({ field }) => (
              <LabelledField
                id={`${id}-countries`}
                label="Countries"
                hint="Regions and postcode prefixes can narrow a zone of one country."
                error={error('countries')}
                className="md:col-span-2"
              >
                {(c) => (
                  <CountryPicker
                    control={c}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                )}
              </LabelledField>
            )}
          />
        )}

        {regions.length > 0 ? (
          <Controller
            control={control}
            name={`${path}.regions`}
            render={({ field }) => (
              <fieldset
                className="space-y-1.5 md:col-span-2"
                aria-describedby={`${id}-regions-hint${error('regions') ? ` ${id}-regions-error` : ''}`}
              >
                <legend className="font-medium text-slate-800 text-sm">Regions (optional)</legend>
                <p id={`${id}-regions-hint`} className="text-slate-600 text-xs">
                  None ticked: the whole country.
                </p>
                <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-3">
                  {regions.map(([code, name]) => (
                    <div key={code} className="flex items-center gap-2">
                      <Checkbox
                        id={`${id}-region-${code}`}
                        checked={field.value.includes(code)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked ? [...field.value, code] : field.value.filter((r) => r !== code),
                          )
                        }
                      />
                      <label htmlFor={`${id}-region-${code}`} className="text-slate-800 text-sm">
                        {name} ({code})
                      </label>
                    </div>
                  ))}
                </div>
                <FieldError id={`${id}-regions-error`} message={error('regions')} />
              </fieldset>
            )}
          />
        ) : null}

        {zone && narrowsByPostcode(zone) ? (
          <LabelledField
            id={`${id}-postcodes`}
            label="Postcode prefixes (optional)"
            hint="Comma-separated, e.g. 10, 11, 20: only postcodes starting with one of them. Empty: every postcode."
            error={error('postcodes')}
            className="md:col-span-2"
          >
            {(c) => <Input {...c} {...register(`${path}.postcodes`)} />}
          </LabelledField>
        ) : null}
      </div>

      <h3 className="mt-6 mb-2 font-semibold text-slate-900">Methods</h3>
      <ol className="space-y-4" aria-label={`Methods of ${title}`}>
        {methods.fields.map((field, m) => (
          <li key={field.key}>
            <MethodFields
              zone={index}
              index={m}
              zoneTitle={title}
              onRemove={methods.fields.length > 1 ? () => methods.remove(m) : undefined}
            />
          </li>
        ))}
      </ol>
      <FieldError id={`${id}-methods-error`} message={methodsProblem} />
      <Button variant="outline" size="sm" className="mt-3" onClick={() => methods.append(newMethod())}>
        <Plus aria-hidden className="size-4" /> Add method
      </Button>
    </fieldset>
  );
}
