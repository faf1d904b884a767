import { zodResolver } from '@hookform/resolvers/zod';
import { timeZoneNames } from '@shop/contracts/admin-common';
import { type AdminSettings, adminSettings } from '@shop/contracts/admin-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { firstErrorMessage, SelectField, timeZoneQuery } from '../../admin/index.ts';
import { useSaveSettings } from '../api/update-settings.ts';
import { SectionForm } from './section-form.tsx';

interface TimeZoneValues {
  zone: string;
}

/**
 * The store's time zone: every admin time is shown in it, and the dashboard and
 * reports count their days in it. The names are the browser's own IANA list; the API checks the same.
 */
export function TimeZoneSection({ settings }: { settings: AdminSettings }) {
  const form = useForm<TimeZoneValues, unknown, AdminSettings>({
    resolver: zodResolver(
      z
        .custom<TimeZoneValues>()
        .transform((v) => ({ ...settings, time_zone: v.zone }))
        .pipe(adminSettings),
    ),
    defaultValues: { zone: settings.time_zone },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveSettings();
  const client = useQueryClient();
  const zone = form.watch('zone');
  const names = timeZoneNames();
  const options = (names.includes(zone) ? names : [zone, ...names]).map((name) => ({
    value: name,
    label: name.replaceAll('_', ' '),
  }));
  return (
    <SectionForm
      title="Time zone"
      error={firstErrorMessage(form.formState.errors) ?? save.error}
      pending={save.isPending}
      onSubmit={form.handleSubmit(() =>
        save.mutate(
          { ...settings, time_zone: form.getValues('zone') },
          {
            onSuccess: (saved) => {
              // The admin frame renders every page anew in the new zone.
              client.setQueryData(timeZoneQuery.queryKey, { time_zone: saved.time_zone });
              toast.success(`Times are now shown in ${saved.time_zone}`);
            },
          },
        ),
      )}
    >
      <SelectField
        id="time-zone"
        label="Store time zone"
        options={options}
        {...form.register('zone')}
        className="max-w-sm"
      />
      <p className="text-slate-600 text-xs">
        Orders, tickets, the audit log, the dashboard and reports show times, and count days, in this zone.
      </p>
    </SectionForm>
  );
}
