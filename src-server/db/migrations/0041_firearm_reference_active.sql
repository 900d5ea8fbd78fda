-- Staff edit the firearms reference in the admin console (docs/capabilities/identification.md). A
-- manufacturer, model, variant or caliber that listings or sales were identified as is deactivated
-- rather than removed: its row, and the identities and sales naming it, stay; the servers' index
-- leaves it out (src-server/core/firearm-reference.ts), so no text is read as it until staff
-- reactivate it. The tables' statement triggers move the reference version on these updates too.
ALTER TABLE "firearm_manufacturers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "firearm_models" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "firearm_variants" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "firearm_calibers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
