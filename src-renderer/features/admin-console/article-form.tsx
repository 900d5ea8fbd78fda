import { useId, useState } from 'react';
import {
  type AdminArticleDetail,
  type ArticleInput,
  articleSlugOf,
} from '../../../shared/contract/content.ts';
import formFieldStyles from '../../ui/form-field.module.css';
import { FieldError } from '../../ui/form-field.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import styles from './admin-console.module.css';
import { useSaveArticle } from './api/admin-queries.ts';
import { SaveActions, TextAreaField, TextField, useFormSubmit } from './console-forms.tsx';
import { AlertText, isoOf, localInputOf } from './console-parts.tsx';

/** What the article form edits, as typed. */
interface ArticleDraft {
  title: string;
  slug: string;
  description: string;
  bodyHtml: string;
  authorName: string;
  authorAvatar: string;
  featuredImage: string;
  brandTags: string;
  /** When it appears on the digest, as a datetime-local value; empty on a new article: now. */
  publishedAt: string;
}

const EMPTY_DRAFT: ArticleDraft = {
  title: '',
  slug: '',
  description: '',
  bodyHtml: '',
  authorName: '',
  authorAvatar: '',
  featuredImage: '',
  brandTags: '',
  publishedAt: '',
};

const draftOf = (article: AdminArticleDetail): ArticleDraft => ({
  title: article.title,
  slug: article.slug,
  description: article.description,
  bodyHtml: article.bodyHtml,
  authorName: article.authorName,
  authorAvatar: article.authorAvatar ?? '',
  featuredImage: article.featuredImage ?? '',
  brandTags: article.brandTags.join(', '),
  publishedAt: localInputOf(article.date),
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Whether a moment is still ahead: an article dated then is scheduled, not yet on the digest. */
const isAhead = (iso: string | null) => iso !== null && Date.parse(iso) > Date.now();

/**
 * The request of POST /wp/addOrUpdate. The publication date is sent when it was typed: an edited
 * article whose date field is unchanged (or emptied) keeps its date to the second.
 */
function requestOf(draft: ArticleDraft, article: AdminArticleDetail | null): ArticleInput {
  const publishedAt =
    draft.publishedAt && (!article || draft.publishedAt !== localInputOf(article.date))
      ? isoOf(draft.publishedAt)
      : null;
  return {
    ...(article ? { id: article.id } : {}),
    ...(publishedAt ? { publishedAt } : {}),
    title: draft.title.trim(),
    slug: draft.slug.trim().toLowerCase(),
    description: draft.description.trim(),
    bodyHtml: draft.bodyHtml,
    authorName: draft.authorName.trim(),
    authorAvatar: orNull(draft.authorAvatar),
    featuredImage: orNull(draft.featuredImage),
    brandTags: draft.brandTags
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean),
  };
}

const LINK_HELP = 'A path on this site (/…) or an https:// address.';

/** The form of one article: new (`article` null) or an existing one, with its body. */
export function ArticleForm({
  article,
  onSaved,
  onNew,
}: {
  article: AdminArticleDetail | null;
  onSaved: (article: AdminArticleDetail) => void;
  onNew: () => void;
}) {
  const id = useId();
  const save = useSaveArticle();
  const [draft, setDraft] = useState<ArticleDraft>(article ? draftOf(article) : EMPTY_DRAFT);
  // A new article's slug follows its title until the slug is typed in.
  const [slugTyped, setSlugTyped] = useState(article !== null);
  const { error, submit } = useFormSubmit();
  const set = (changes: Partial<ArticleDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const heading = article ? `Edit “${article.title}”` : 'New article';
  const bodyLabelId = `${id}-body-label`;
  const bodyHelpId = `${id}-body-help`;
  const bodyErrorId = `${id}-body-error`;
  const fieldError = (key: string) => error?.fields[key];

  return (
    <form
      aria-label={heading}
      className={styles.section}
      onSubmit={submit(async () => {
        onSaved(await save.mutateAsync(requestOf(draft, article)));
      })}
    >
      <h3>{heading}</h3>
      <TextField
        label="Title"
        error={fieldError('title')}
        required
        maxLength={160}
        value={draft.title}
        onValue={(title) => set({ title, ...(slugTyped ? {} : { slug: articleSlugOf(title) }) })}
      />
      <TextField
        label="Slug"
        help="The article’s address: /digest/{slug}. Lower-case words joined by dashes."
        error={fieldError('slug')}
        required
        maxLength={120}
        value={draft.slug}
        onValue={(slug) => {
          setSlugTyped(true);
          set({ slug });
        }}
      />
      <TextAreaField
        label="Description"
        help="One or two sentences shown on the digest and to search engines."
        error={fieldError('description')}
        required
        maxLength={300}
        value={draft.description}
        onValue={(description) => set({ description })}
      />
      <div className={formFieldStyles.field}>
        <span id={bodyLabelId} className={formFieldStyles.label}>
          Body
        </span>
        <RichTextEditor
          id={`${id}-body`}
          labelId={bodyLabelId}
          toolbarLabel="Body formatting"
          initialHtml={draft.bodyHtml}
          resetKey={article?.id ?? 'new'}
          onChange={(bodyHtml) => set({ bodyHtml })}
          aria-invalid={Boolean(fieldError('bodyHtml'))}
          aria-describedby={[bodyHelpId, fieldError('bodyHtml') ? bodyErrorId : null]
            .filter(Boolean)
            .join(' ')}
        />
        <div id={bodyHelpId} className={formFieldStyles.help}>
          Bold, italic, lists and links are kept; other formatting is removed when the article is saved.
        </div>
        <FieldError id={bodyErrorId}>{fieldError('bodyHtml')}</FieldError>
      </div>
      <TextField
        label="Author"
        error={fieldError('authorName')}
        required
        maxLength={100}
        value={draft.authorName}
        onValue={(authorName) => set({ authorName })}
      />
      <TextField
        label="Author photo address"
        optional
        help={LINK_HELP}
        error={fieldError('authorAvatar')}
        value={draft.authorAvatar}
        onValue={(authorAvatar) => set({ authorAvatar })}
      />
      <TextField
        label="Featured image address"
        optional
        help={LINK_HELP}
        error={fieldError('featuredImage')}
        value={draft.featuredImage}
        onValue={(featuredImage) => set({ featuredImage })}
      />
      <TextField
        label="Brand tags"
        optional
        help="Brand slugs separated by commas (glock, sig-sauer); the article shows on those brand pages."
        error={fieldError('brandTags')}
        value={draft.brandTags}
        onValue={(brandTags) => set({ brandTags })}
      />
      <TextField
        label="Publish at"
        optional
        help={
          article
            ? 'When it appears on the digest, in your time zone. A later date takes it off the digest until then.'
            : 'Leave empty to publish at once. A later date and time (your time zone) schedules the article.'
        }
        error={fieldError('publishedAt')}
        type="datetime-local"
        value={draft.publishedAt}
        onValue={(publishedAt) => set({ publishedAt })}
      />
      <AlertText>{error?.message}</AlertText>
      <SaveActions
        saving={save.isPending}
        submitLabel={
          article
            ? 'Save article'
            : isAhead(isoOf(draft.publishedAt))
              ? 'Schedule article'
              : 'Publish article'
        }
        onNew={article ? onNew : undefined}
        newLabel="New article instead"
      />
    </form>
  );
}
