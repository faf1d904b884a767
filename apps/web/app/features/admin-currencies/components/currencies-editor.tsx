import {
  type CurrencySettingsAnswer,
  type CurrencySettingsBody,
  currencySettingsBody,
} from '@shop/contracts/currency-settings';
import { useState } from 'react';
import { Controller, FormProvider, type Resolver, set, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { NATIVE_SELECT } from '../../../components/ui/native-select.ts';
import { issuesOf, messageAt, QueryState } from '../../admin/index.ts';
import { useCurrencies } from '../api/get-currencies.ts';
import { useSaveCurrencies } from '../api/update-currencies.ts';
import { type CurrencyFormValues, formValuesOf, placeIssuesOn, settingsOf } from '../currency-form.ts';
import { PresentmentTable } from './presentment-table.tsx';

/** Admin › Settings › Currencies: the base currency and the ones shoppers may pay in, saved together. */
export function CurrenciesEditor() {
  const currencies = useCurrencies();
  return <QueryState query={currencies}>{(saved) => <CurrenciesForm saved={saved} />}</QueryState>;
}

/**
 * The browser checks the save with the contract the API uses, and each complaint goes on the field it
 * names; the form is sent only once it passes.
 */
const resolver: Resolver<CurrencyFormValues, unknown, CurrencySettingsBody> = (values) => {
  const checked = currencySettingsBody.safeParse(settingsOf(values));
  if (checked.success) return { values: checked.data, errors: {} };
  const { fields, unplaced } = placeIssuesOn(checked.error.issues, values);
  const errors = {};
  for (const [name, message] of fields) set(errors, name, { type: 'contract', message });
  // What no field shows goes in the alert above Save.
  if (unplaced[0]) set(errors, 'root.contract', { type: 'contract', message: unplaced[0] });
  return { values: {}, errors };
};

const NOT_SAVED = 'Currencies were not saved: correct the fields marked above.';

function CurrenciesForm({ saved }: { saved: CurrencySettingsAnswer }) {
  const form = useForm<CurrencyFormValues, unknown, CurrencySettingsBody>({
    resolver,
    defaultValues: formValuesOf(saved),
    reValidateMode: 'onSubmit',
  });
  const save = useSaveCurrencies();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; message: string } | null>(null);
  const { errors } = form.formState;
  const error = (name: string) => messageAt(errors, name);
  const base = useWatch({ control: form.control, name: 'base' });

  async function onValid(next: CurrencySettingsBody) {
    setOutcome(null);
    try {
      const answer = await save.mutateAsync(next);
      form.reset(formValuesOf(answer));
      setOutcome({ tone: 'success', message: 'Currencies saved' });
    } catch (failure) {
      const { fields, unplaced } = placeIssuesOn(issuesOf(failure), form.getValues());
      for (const [name, message] of fields) {
        form.setError(name as 'base', { type: 'server', message }, { shouldFocus: true });
      }
      const message = failure instanceof Error ? failure.message : 'Currencies could not be saved';
      setOutcome({ tone: 'error', message: unplaced[0] ?? (fields.size > 0 ? NOT_SAVED : message) });
    }
  }

  const alert =
    outcome ??
    (Object.keys(errors).length > 0 ? { tone: 'error' as const, message: error('root.contract') ?? NOT_SAVED } : null);

  return (
    <FormProvider {...form}>
      <form
        aria-label="Currencies"
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          setOutcome(null);
          return form.handleSubmit(onValid)(event);
        }}
      >
        {/* Its cell may shrink below the select's longest name: a phone shows the page without sideways scrolling. */}
        <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm *:min-w-0 md:grid-cols-2">
          <LabelledField
            id="currency-base"
            label="Base currency"
            hint={
              saved.base_locked
                ? 'The base currency cannot change once the shop has orders: their amounts are in it.'
                : 'Your prices, reports and payouts are in it. It cannot change once the shop has orders.'
            }
            error={error('base')}
          >
            {(c) => (
              <Controller
                control={form.control}
                name="base"
                render={({ field }) => (
                  <select {...c} className={NATIVE_SELECT} disabled={saved.base_locked} {...field}>
                    {saved.choices.map((choice) => (
                      <option key={choice.code} value={choice.code}>
                        {choice.code} · {choice.name}
                      </option>
                    ))}
                  </select>
                )}
              />
            )}
          </LabelledField>
        </section>

        <PresentmentTable choices={saved.choices} base={base} />

        <div className="space-y-3">
          <FormAlert tone={alert?.tone ?? 'error'} className="mb-0">
            {alert?.message}
          </FormAlert>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save currencies'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
