-- Every new catalogue version is also announced on the channel "catalog_version", the version as
-- payload, delivered at commit (whatever moved it: the bump triggers of 0011 or plain SQL). A server
-- on embedded PGlite is the only writer of its database and hears its own notifications before the
-- writing statement returns, so it keeps the version in memory instead of reading it for every
-- shared answer. Servers on PostgreSQL still read the row.
CREATE FUNCTION "notify_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalog_version', NEW."version"::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "catalog_version_notify" AFTER UPDATE OF "version" ON "catalog_version"
	FOR EACH ROW EXECUTE FUNCTION "notify_catalog_version"();
