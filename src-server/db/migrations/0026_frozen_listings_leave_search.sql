-- A listing staff froze (for non-payment or fraud: listing options 4096 | 8192) is not offered: it
-- leaves search at once and comes back when the freeze is lifted.
CREATE OR REPLACE FUNCTION listing_search_row(l listings) RETURNS listing_search
  LANGUAGE sql STABLE AS $$
  SELECT l.id, l.facet_key, l.family_id, l.listing_type, l.listing_options, l.listing_start_date,
    CASE WHEN l.is_active AND NOT l.is_sold AND (l.listing_options & 12288) = 0
      THEN coalesce(l.listing_end_date, 'infinity'::timestamptz)
      ELSE '-infinity'::timestamptz END,
    l.user_id, l.price, l.condition, l.distributor_id, l.latitude, l.longitude, l.upc, l.sku,
    listing_search_vector(l.title, l.manufacturer, l.model, l.caliber, l.description)
$$;--> statement-breakpoint
UPDATE listings SET listing_options = listing_options WHERE (listing_options & 12288) <> 0;
