import type { AdminCategoryList } from '@shop/contracts/admin-categories';
import { type HomeSection, homePage, MAX_SECTIONS, SECTION_TYPES, type SectionType } from '@shop/contracts/home-page';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { AdminPage, ErrorText, Panel, QueryState, SelectField } from '../../admin/index.ts';
import { categoriesQuery } from '../../admin-categories/index.ts';
import { HomeSections } from '../../home/index.ts';
import { useHomePage, usePreviewHomePage, useResetHomePage, useSaveHomePage } from '../api/home-page.ts';
import {
  type DraftSection,
  lookupBody,
  lookupsOf,
  moved,
  newDraft,
  previewView,
  SECTION_LABELS,
  toBody,
  toDrafts,
} from '../draft.ts';
import { SectionFields } from './section-fields.tsx';
import { useDebounced } from './use-debounced.ts';

/**
 * Admin › Home page: the home page's sections in order — add, edit, move, remove, save — beside a live
 * preview drawn by the storefront's own section components (docs/adr/043-home-page-sections.md).
 */
export function HomePageEditor() {
  const query = useHomePage();
  const categories = useQuery(categoriesQuery());
  return (
    <AdminPage
      title="Home page"
      description="The sections of the shop's home page, top to bottom. The preview follows as you type; shoppers see the page once it is saved."
    >
      <QueryState query={query}>
        {(saved) => (
          <Editor
            key={saved.updated_at ?? 'neutral'}
            saved={saved.sections}
            categories={categories.data?.items ?? []}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}

function Editor({ saved, categories }: { saved: HomeSection[]; categories: AdminCategoryList['items'] }) {
  const [drafts, setDrafts] = useState(() => toDrafts(saved));
  const [adding, setAdding] = useState<SectionType>('hero');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveHomePage();
  const reset = useResetHomePage();

  // Categories and products come from the server, asked for once the owner pauses typing.
  const lookup = useDebounced(
    useMemo(() => lookupBody(drafts), [drafts]),
    400,
  );
  const preview = usePreviewHomePage(lookup);
  const view = useMemo(() => previewView(drafts, lookupsOf(preview.data)), [drafts, preview.data]);

  const change = (index: number, next: DraftSection) => setDrafts((all) => all.map((d, i) => (i === index ? next : d)));

  function onSave() {
    const parsed = homePage.safeParse(toBody(drafts));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Something is not right');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => toast.success('Home page saved') });
  }

  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <div className="space-y-4">
        <ol className="space-y-4" aria-label="Sections, top to bottom">
          {drafts.map((draft, index) => {
            const name = `section ${index + 1} (${SECTION_LABELS[draft.section.type]})`;
            return (
              <li key={draft.key}>
                <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <legend className="px-1 font-semibold text-slate-900">
                    Section {index + 1}: {SECTION_LABELS[draft.section.type]}
                  </legend>
                  <div className="mb-3 flex flex-wrap justify-end gap-1">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Move ${name} up`}
                      disabled={index === 0}
                      onClick={() => setDrafts((all) => moved(all, index, -1))}
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Move ${name} down`}
                      disabled={index === drafts.length - 1}
                      onClick={() => setDrafts((all) => moved(all, index, 1))}
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Remove ${name}`}
                      onClick={() => setDrafts((all) => all.filter((_, i) => i !== index))}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                  <SectionFields draft={draft} categories={categories} onChange={(next) => change(index, next)} />
                </fieldset>
              </li>
            );
          })}
        </ol>
        {drafts.length === 0 ? <p className="text-slate-600 text-sm">No sections: the home page is empty.</p> : null}

        <Panel>
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              id="add-section-type"
              label="New section"
              className="min-w-48"
              options={SECTION_TYPES.map((type) => ({ value: type, label: SECTION_LABELS[type] }))}
              value={adding}
              onChange={(e) => setAdding(e.target.value as SectionType)}
            />
            <Button
              variant="outline"
              disabled={drafts.length >= MAX_SECTIONS}
              onClick={() => setDrafts((all) => [...all, newDraft(adding)])}
            >
              <Plus className="size-4" aria-hidden="true" /> Add section
            </Button>
          </div>
          {drafts.length >= MAX_SECTIONS ? (
            <p className="mt-2 text-slate-600 text-sm">A home page has at most {MAX_SECTIONS} sections.</p>
          ) : null}
        </Panel>

        <div className="space-y-2">
          <ErrorText error={problem ?? save.error ?? reset.error} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={onSave} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save home page'}
            </Button>
            <Button
              variant="outline"
              disabled={reset.isPending}
              onClick={() => {
                if (
                  !window.confirm('Replace the home page with the plain one: the store’s name and the newest products?')
                )
                  return;
                reset.mutate(undefined, { onSuccess: () => toast.success('Home page reset') });
              }}
            >
              Reset to the plain home page
            </Button>
          </div>
        </div>
      </div>

      <section aria-labelledby="home-preview-heading">
        <div className="mb-2 flex items-baseline justify-between gap-2">
          <h2 id="home-preview-heading" className="font-semibold text-lg text-slate-900">
            Preview
          </h2>
          <p className="text-slate-600 text-xs" role="status">
            {preview.isFetching ? 'Looking up products…' : ''}
          </p>
        </div>
        {/* The storefront's own sections; a click in the preview does not leave the editor. */}
        <div className="rounded-lg border border-slate-200 bg-white p-4" onClickCapture={(e) => e.preventDefault()}>
          <HomeSections sections={view} storeName="" preview />
        </div>
      </section>
    </div>
  );
}
