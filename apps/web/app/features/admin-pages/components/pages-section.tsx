import { zodResolver } from '@hookform/resolvers/zod';
import { type ContentPageUpdateBody, contentPageUpdateBody } from '@shop/contracts/admin-pages';
import type { ContentPage } from '@shop/contracts/content';
import { PLACEHOLDERS } from '@shop/contracts/placeholders';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import {
  ErrorText,
  firstErrorMessage,
  formatDateTime,
  Panel,
  QueryState,
  RichTextEditor,
  SelectField,
  TextField,
} from '../../admin/index.ts';
import { useContentPages } from '../api/get-content-pages.ts';
import { useUpdateContentPage } from '../api/update-content-page.ts';

/**
 * The figures a page may quote from Settings. Written into the text as `{{name}}`, they
 * are replaced when the page is shown, so the page follows every change of rates or tax.
 */
function PlaceholderList() {
  return (
    <details className="rounded-md border border-slate-200 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">Placeholders for figures from Settings</summary>
      <p className="mt-2 text-slate-600">
        Write a placeholder where the page quotes a figure checkout uses; the storefront shows the current value.
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {Object.entries(PLACEHOLDERS).map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt>
              <code className="break-all">{`{{${name}}}`}</code>
            </dt>
            <dd className="mb-1 text-slate-600 sm:mb-0">{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function PageEditor({ page }: { page: ContentPage }) {
  const form = useForm<ContentPageUpdateBody>({
    resolver: zodResolver(contentPageUpdateBody),
    defaultValues: { title: page.title, description: page.description, body: page.body },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { reset } = form;
  useEffect(() => reset({ title: page.title, description: page.description, body: page.body }), [page, reset]);
  const save = useUpdateContentPage(page.slug);
  return (
    <form
      aria-label={`Edit the ${page.title} page`}
      className="space-y-3"
      noValidate
      onSubmit={form.handleSubmit(() =>
        save.mutate(form.getValues(), { onSuccess: (p) => toast.success(`Saved ${p.title}`) }),
      )}
    >
      <TextField id="page-title" label="Title" {...form.register('title')} />
      <TextField id="page-description" label="Description" {...form.register('description')} />
      {/* The help centre reads a Heading as a section and a Subheading as a question (docs/adr/044-rich-text.md). */}
      <RichTextEditor
        id="page-body"
        label="Body"
        subheadings
        value={page.body}
        onChange={(html) => form.setValue('body', html)}
        error={form.formState.errors.body?.message}
      />
      {page.slug === 'help' ? (
        <p className="text-slate-600 text-sm">
          On this page a Heading opens a section and a Subheading is a question; what follows it is the answer.
        </p>
      ) : null}
      <PlaceholderList />
      <p className="text-slate-600 text-sm">
        {page.updated_at
          ? `Last edited ${formatDateTime(page.updated_at)}; the storefront shows this as "Last updated".`
          : 'Not edited since the shop was installed; the storefront shows no "Last updated" date until you save.'}
      </p>
      <ErrorText error={firstErrorMessage(form.formState.errors) ?? save.error} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          Save page
        </Button>
        <a href={`/${page.slug}`} target="_blank" rel="noreferrer" className="text-sm underline">
          View /{page.slug}
        </a>
      </div>
    </form>
  );
}

/** Admin › Settings: the footer pages, one edited at a time. */
export function PagesSection() {
  const query = useContentPages();
  const [slug, setSlug] = useState('about');
  return (
    <Panel title="Footer pages">
      <QueryState query={query}>
        {(data) => {
          const page = data.items.find((p) => p.slug === slug) ?? data.items[0];
          return (
            <div className="space-y-3">
              <SelectField
                id="page-select"
                label="Page"
                className="max-w-xs"
                options={data.items.map((p) => ({ value: p.slug, label: `${p.title} (/${p.slug})` }))}
                value={page?.slug ?? ''}
                onChange={(e) => setSlug(e.target.value)}
              />
              {page ? <PageEditor key={page.slug} page={page} /> : null}
            </div>
          );
        }}
      </QueryState>
    </Panel>
  );
}
