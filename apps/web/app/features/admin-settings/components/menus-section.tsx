import { type AdminSettings, type FooterColumn, MENU_LIMITS, type MenuLink } from '@shop/contracts/admin-settings';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useSaveSettings } from '../api/update-settings.ts';
import { SectionForm } from './section-form.tsx';

const EMPTY_LINK: MenuLink = { label: '', href: '' };

/** A copy of `list` with item `i` moved by `by` places (nothing when that leaves the list). */
function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}

/** One link's two fields and its Remove button; `name` tells them apart for screen readers. */
function LinkRow({
  link,
  name,
  onChange,
  onRemove,
}: {
  link: MenuLink;
  name: string;
  onChange: (link: MenuLink) => void;
  onRemove: () => void;
}) {
  return (
    <li className="grid gap-2 sm:grid-cols-[1fr_2fr_auto]">
      <Input
        aria-label={`${name}: text`}
        value={link.label}
        onChange={(e) => onChange({ ...link, label: e.target.value })}
      />
      <Input
        aria-label={`${name}: address`}
        placeholder="/products?tag=… or https://…"
        value={link.href}
        onChange={(e) => onChange({ ...link, href: e.target.value })}
      />
      <Button type="button" variant="outline" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </li>
  );
}

/**
 * The header's and footer's links (docs/adr/041-menus.md): the header's after its own items, the footer's
 * in columns under a heading. A link goes to a path of the shop or to an http(s) address.
 */
export function MenusSection({ settings }: { settings: AdminSettings }) {
  const [header, setHeader] = useState<MenuLink[]>(settings.header_menu ?? []);
  const [footer, setFooter] = useState<FooterColumn[]>(settings.footer_menu ?? []);
  const save = useSaveSettings();
  const setColumn = (i: number, column: FooterColumn) => setFooter(footer.map((c, k) => (k === i ? column : c)));
  return (
    <SectionForm
      title="Menus"
      error={save.error}
      pending={save.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { ...settings, header_menu: header, footer_menu: footer },
          { onSuccess: () => toast.success('Menus saved') },
        );
      }}
    >
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Header links</legend>
        <p className="text-slate-600 text-sm">
          After Home, Categories, Wishlist and Contact; at most {MENU_LIMITS.headerLinks}.
        </p>
        <ul className="space-y-2">
          {header.map((link, i) => (
            <LinkRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position
              key={i}
              link={link}
              name={`Header link ${i + 1}`}
              onChange={(next) => setHeader(header.map((l, k) => (k === i ? next : l)))}
              onRemove={() => setHeader(header.filter((_, k) => k !== i))}
            />
          ))}
        </ul>
        {header.length < MENU_LIMITS.headerLinks ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setHeader([...header, EMPTY_LINK])}>
            Add a header link
          </Button>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="font-medium text-sm">Footer columns</legend>
        {footer.map((column, i) => {
          const name = `Column ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are edited in place, by position
            <div key={i} className="space-y-2 rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <Input
                  aria-label={`${name}: heading`}
                  className="max-w-xs"
                  value={column.title}
                  onChange={(e) => setColumn(i, { ...column, title: e.target.value })}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Move ${name} left`}
                  disabled={i === 0}
                  onClick={() => setFooter(moved(footer, i, -1))}
                >
                  ←
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Move ${name} right`}
                  disabled={i === footer.length - 1}
                  onClick={() => setFooter(moved(footer, i, 1))}
                >
                  →
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setFooter(footer.filter((_, k) => k !== i))}
                >
                  Remove {name.toLowerCase()}
                </Button>
              </div>
              <ul className="space-y-2">
                {column.links.map((link, j) => (
                  <LinkRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position
                    key={j}
                    link={link}
                    name={`${name} link ${j + 1}`}
                    onChange={(next) =>
                      setColumn(i, { ...column, links: column.links.map((l, k) => (k === j ? next : l)) })
                    }
                    onRemove={() => setColumn(i, { ...column, links: column.links.filter((_, k) => k !== j) })}
                  />
                ))}
              </ul>
              {column.links.length < MENU_LIMITS.columnLinks ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setColumn(i, { ...column, links: [...column.links, EMPTY_LINK] })}
                >
                  Add a link to {name.toLowerCase()}
                </Button>
              ) : null}
            </div>
          );
        })}
        {footer.length < MENU_LIMITS.footerColumns ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setFooter([...footer, { title: '', links: [EMPTY_LINK] }])}
          >
            Add a footer column
          </Button>
        ) : null}
      </fieldset>
    </SectionForm>
  );
}
