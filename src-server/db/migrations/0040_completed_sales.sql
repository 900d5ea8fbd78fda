-- Completed sales (docs/capabilities/valuation.md): one row per order line whose payment was taken
-- and that was not cancelled or refunded, with the unit price, when it was bought, the listing's
-- condition and family, and the identity its listing was read as. The database keeps it: a line
-- written into a paid order, an order entering or leaving the sold states, and a listing's identity
-- read again each update it. A valuation reads one level of it (variant, model, or maker and
-- family) for a time window from one index, price and condition included, so it never visits the
-- table's rows.
CREATE TABLE "completed_sales" (
	"order_item_id" uuid PRIMARY KEY NOT NULL REFERENCES "order_items"("id") ON DELETE CASCADE,
	"listing_id" uuid NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	-- The line's unit price as the double JavaScript reads it: the quartiles sort doubles straight from the index.
	"price" double precision NOT NULL,
	"condition" text NOT NULL,
	"family_id" smallint NOT NULL,
	"manufacturer_id" uuid REFERENCES "firearm_manufacturers"("id") ON DELETE SET NULL,
	"model_id" uuid REFERENCES "firearm_models"("id") ON DELETE SET NULL,
	"variant_id" uuid REFERENCES "firearm_variants"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE INDEX "completed_sales_variant_idx" ON "completed_sales" USING btree ("variant_id", "sold_at") INCLUDE ("price", "condition") WHERE "variant_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "completed_sales_model_idx" ON "completed_sales" USING btree ("model_id", "sold_at") INCLUDE ("price", "condition") WHERE "model_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "completed_sales_maker_family_idx" ON "completed_sales" USING btree ("manufacturer_id", "family_id", "sold_at") INCLUDE ("price", "condition") WHERE "manufacturer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "completed_sales_listing_idx" ON "completed_sales" USING btree ("listing_id");
--> statement-breakpoint
-- The order states of a sale: payment taken, and neither cancelled nor refunded
-- (SOLD_ORDER_STATES in shared/domain/orders.ts; tests/api/completed-sales.test.ts walks every state).
CREATE FUNCTION "order_state_is_sale"(state text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
	SELECT state IN ('paid', 'awaitingDealer', 'shipped', 'delivered', 'completed')
$$;
--> statement-breakpoint
CREATE FUNCTION "completed_sales_of_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO completed_sales (order_item_id, listing_id, sold_at, price, condition, family_id, manufacturer_id, model_id, variant_id)
	SELECT n.id, n.listing_id, o.created_at, n.price, l.condition, n.family_id, i.manufacturer_id, i.model_id, i.variant_id
	FROM new_lines n
	JOIN orders o ON o.id = n.order_id AND order_state_is_sale(o.state)
	JOIN listings l ON l.id = n.listing_id
	LEFT JOIN listing_identities i ON i.listing_id = n.listing_id
	ON CONFLICT (order_item_id) DO NOTHING;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_completed_sales" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION completed_sales_of_lines();
--> statement-breakpoint
CREATE FUNCTION "completed_sales_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF order_state_is_sale(NEW.state) THEN
		INSERT INTO completed_sales (order_item_id, listing_id, sold_at, price, condition, family_id, manufacturer_id, model_id, variant_id)
		SELECT n.id, n.listing_id, NEW.created_at, n.price, l.condition, n.family_id, i.manufacturer_id, i.model_id, i.variant_id
		FROM order_items n
		JOIN listings l ON l.id = n.listing_id
		LEFT JOIN listing_identities i ON i.listing_id = n.listing_id
		WHERE n.order_id = NEW.id
		ON CONFLICT (order_item_id) DO NOTHING;
	ELSE
		DELETE FROM completed_sales s USING order_items n WHERE n.order_id = NEW.id AND s.order_item_id = n.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_completed_sales" AFTER UPDATE OF "state" ON "orders" FOR EACH ROW WHEN (order_state_is_sale(OLD.state) IS DISTINCT FROM order_state_is_sale(NEW.state)) EXECUTE FUNCTION completed_sales_of_order();
--> statement-breakpoint
CREATE FUNCTION "completed_sales_of_identity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE completed_sales s
	SET manufacturer_id = NEW.manufacturer_id, model_id = NEW.model_id, variant_id = NEW.variant_id
	WHERE s.listing_id = NEW.listing_id
		AND (s.manufacturer_id, s.model_id, s.variant_id) IS DISTINCT FROM (NEW.manufacturer_id, NEW.model_id, NEW.variant_id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listing_identities_completed_sales" AFTER INSERT OR UPDATE ON "listing_identities" FOR EACH ROW EXECUTE FUNCTION completed_sales_of_identity();
--> statement-breakpoint
-- The sales already made.
INSERT INTO completed_sales (order_item_id, listing_id, sold_at, price, condition, family_id, manufacturer_id, model_id, variant_id)
SELECT n.id, n.listing_id, o.created_at, n.price, l.condition, n.family_id, i.manufacturer_id, i.model_id, i.variant_id
FROM order_items n
JOIN orders o ON o.id = n.order_id AND order_state_is_sale(o.state)
JOIN listings l ON l.id = n.listing_id
LEFT JOIN listing_identities i ON i.listing_id = n.listing_id;
