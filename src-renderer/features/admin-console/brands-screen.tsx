import { useState } from 'react';
import type { Brand, BrandInput } from '../../../shared/contract/brands.ts';
import { Button } from '../../ui/button.tsx';
import { FormField, TextInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { useBrands, useSaveBrand } from './api/admin-queries.ts';
import { errorText, ListState } from './console-parts.tsx';

/** What the brand form edits, as typed. */
interface BrandDraft {
  name: string;
  slug: string;
  keywords: string;
  shopUrl: string;
  logoUrl: string;
  metaTitle: string;
  metaDescription: string;
}

const EMPTY_DRAFT: BrandDraft = {
  name: '',
  slug: '',
  keywords: '',
  shopUrl: '',
  logoUrl: '',
  metaTitle: '',
  metaDescription: '',
};

const draftOf = (brand: Brand): BrandDraft => ({
  name: brand.name,
  slug: brand.slug,
  keywords: brand.keywords.join(', '),
  shopUrl: brand.shopUrl ?? '',
  logoUrl: brand.logoUrl ?? '',
  metaTitle: brand.metaTitle ?? '',
  metaDescription: brand.metaDescription ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The request of POST /brands/addOrUpdate: the fields of the form, the chosen logo file by its name,
 * and an edited brand's focus block as it is (this screen does not edit product tiles).
 */
function requestOf(draft: BrandDraft, editing: Brand | null, logo: File | null): BrandInput {
  return {
    ...(editing ? { id: editing.id } : {}),
    name: draft.name.trim(),
    slug: draft.slug.trim().toLowerCase(),
    keywords: draft.keywords
      .split(',')
      .map((keyword) => keyword.trim())
      .filter(Boolean),
    shopUrl: orNull(draft.shopUrl),
    logoUrl: logo ? null : orNull(draft.logoUrl),
    ...(logo ? { logoFile: logo.name } : {}),
    metaTitle: orNull(draft.metaTitle),
    metaDescription: orNull(draft.metaDescription),
    focus: editing?.focus ?? null,
  };
}

const TEXT_FIELDS: ReadonlyArray<{
  key: keyof BrandDraft;
  label: string;
  help?: string;
  required?: boolean;
  maxLength?: number;
}> = [
  { key: 'name', label: 'Name', required: true, maxLength: 100 },
  { key: 'slug', label: 'Slug', help: 'The address of the brand page: /brand/{slug}.', required: true },
  {
    key: 'keywords',
    label: 'Search keywords',
    help: 'Separated by commas; each leads a search to this brand.',
  },
  {
    key: 'shopUrl',
    label: 'Shop link',
    help: 'Where the brand’s shop button leads, e.g. /search?keyword=glock.',
  },
  { key: 'logoUrl', label: 'Logo address', help: 'An https:// image, or choose a file below.' },
  { key: 'metaTitle', label: 'Page title for search engines', maxLength: 70 },
  { key: 'metaDescription', label: 'Page description for search engines', maxLength: 160 },
];

/** Brands (POST /brands/addOrUpdate): add one, or edit one's name, slug, keywords, links and logo. */
export function BrandsScreen() {
  const brands = useBrands();
  const save = useSaveBrand();
  const [editing, setEditing] = useState<Brand | null>(null);
  const [draft, setDraft] = useState<BrandDraft>(EMPTY_DRAFT);
  const [logo, setLogo] = useState<File | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const start = (brand: Brand | null) => {
    setEditing(brand);
    setDraft(brand ? draftOf(brand) : EMPTY_DRAFT);
    setLogo(null);
    setError(null);
    setSaved(null);
  };

  return (
    <section aria-labelledby="admin-brands-heading" className={styles.screen}>
      <h2 id="admin-brands-heading">Brands</h2>
      <form
        aria-label={editing ? `Edit ${editing.name}` : 'New brand'}
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          setSaved(null);
          try {
            const brand = await save.mutateAsync({
              body: requestOf(draft, editing, logo),
              files: logo ? [logo] : [],
            });
            setSaved(`${brand.name} is saved.`);
            setEditing(brand);
            setDraft(draftOf(brand));
            setLogo(null);
          } catch (failure) {
            // The typed form stays as it is; the message and the fields the server named show beside it.
            setError({
              message: errorText(failure),
              fields: (failure as { fields?: Record<string, string> }).fields ?? {},
            });
          }
        }}
      >
        <h3>{editing ? `Edit ${editing.name}` : 'New brand'}</h3>
        {TEXT_FIELDS.map((field) => (
          <FormField
            key={field.key}
            label={field.label}
            optional={!field.required}
            help={field.help}
            error={error?.fields[field.key]}
          >
            {(control) => (
              <TextInput
                {...control}
                required={field.required}
                maxLength={field.maxLength}
                value={draft[field.key]}
                onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              />
            )}
          </FormField>
        ))}
        <FormField
          label="Logo file"
          optional
          help="JPEG, PNG or WebP, up to 5 MB."
          error={error?.fields.files}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save brand' : 'Add brand'}
          </Button>
          {editing ? (
            <Button type="button" variant="secondary" onClick={() => start(null)}>
              New brand instead
            </Button>
          ) : null}
        </div>
      </form>
      {error ? (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className={styles.done}>
          {saved}
        </p>
      ) : null}
      <ListState
        query={brands}
        label="brands"
        empty="No brands yet."
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col">Page</th>
                <th scope="col">Keywords</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((brand) => (
                <tr key={brand.id}>
                  <td>{brand.name}</td>
                  <td>
                    <code>/brand/{brand.slug}</code>
                  </td>
                  <td className={styles.wrap}>{brand.keywords.join(', ')}</td>
                  <td>
                    <Button size="sm" variant="secondary" onClick={() => start(brand)}>
                      Edit <span className="visually-hidden">{brand.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </section>
  );
}
