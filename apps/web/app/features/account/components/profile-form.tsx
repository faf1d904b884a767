import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileForm as ProfileValues, profileForm } from '@shop/contracts/account';
import type { PublicUser } from '@shop/contracts/auth';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { ACCOUNT_TEXT } from '../messages.ts';
import { useFormFeedback } from '../use-form-feedback.ts';

const valuesOf = (user: PublicUser): ProfileValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  username: user.username,
});

/**
 * Edits names and username with the sign-up rules of docs/product.md §5. The e-mail has its own form,
 * which needs the password and a confirmed link.
 */
export function ProfileForm({ userId, user }: { userId: string; user: PublicUser }) {
  const id = useId();
  const save = useUpdateProfile(userId);
  const form = useForm<z.input<typeof profileForm>, unknown, ProfileValues>({
    resolver: zodResolver(profileForm),
    defaultValues: valuesOf(user),
    reValidateMode: 'onSubmit',
  });
  const feedback = useFormFeedback(() => form.clearErrors());
  const { errors, isSubmitting } = form.formState;

  async function onValid(values: ProfileValues) {
    feedback.start();
    try {
      const saved = await save.mutateAsync(values);
      form.reset(valuesOf(saved));
      feedback.succeed(ACCOUNT_TEXT.profileSaved);
    } catch (error) {
      await feedback.fail(error, ACCOUNT_TEXT.profileFailed);
    }
  }

  const field = (name: keyof ProfileValues, label: string, autoComplete: string) => (
    <LabelledField id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(control) => <Input {...control} type="text" autoComplete={autoComplete} {...form.register(name)} />}
    </LabelledField>
  );

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit(onValid, feedback.invalid)} className="space-y-4">
      <FormAlert tone="error">{feedback.error}</FormAlert>
      <FormAlert tone="success">{feedback.success}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('first_name', 'First Name', 'given-name')}
        {field('last_name', 'Last Name', 'family-name')}
      </div>
      {field('username', 'Username', 'username')}
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
