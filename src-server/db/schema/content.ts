import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Digest articles (news, reviews, guides). `body_html` is stored sanitized; `search_vector` is kept by
 * the database from the title and description, for the articles search (brand tags match as words).
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    bodyHtml: text('body_html').notNull(),
    authorName: text('author_name').notNull(),
    authorAvatar: text('author_avatar'),
    featuredImage: text('featured_image'),
    readingTime: smallint('reading_time').notNull(),
    brandTags: text('brand_tags').array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', title || ' ' || description)`,
    ),
  },
  (t) => [
    index('articles_published_at_idx').on(t.publishedAt),
    index('articles_search_idx').using('gin', t.searchVector),
    index('articles_brand_tags_idx').using('gin', t.brandTags),
  ],
);

/** An ad creative shown in one zone of one page between its schedule's bounds (open ends: always). */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    page: text('page').notNull(),
    zone: text('zone').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull(),
    altText: text('alt_text').notNull(),
    /** Higher first when several creatives are live in one zone. */
    priority: integer('priority').notNull().default(0),
    isActive: integer('is_active').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_creatives_location_idx').on(t.page, t.zone)],
);

/** Impressions and clicks per creative and zone: counted apart from the creatives, so counting never touches them. */
export const adCounts = pgTable(
  'ad_counts',
  {
    creativeId: uuid('creative_id')
      .notNull()
      .references(() => adCreatives.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    zone: text('zone').notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creativeId, t.page, t.zone] })],
);
