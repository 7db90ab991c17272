-- Every change to a table the app keeps a copy of in memory announces itself on channel
-- `label_cache` with the table's name, whoever made it (any instance, a job, SQL typed by
-- hand), so every instance drops its copy at once (docs/decisions/017-never-stale-caches.md).
-- Statement-level: one notification per statement, however many rows it touched; PostgreSQL
-- sends it at commit and folds identical ones within a transaction.
CREATE OR REPLACE FUNCTION label_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('label_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tour_dates_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tour_dates FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
CREATE TRIGGER merchandise_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merchandise FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
CREATE TRIGGER events_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
CREATE TRIGGER featured_artists_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON featured_artists FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
CREATE TRIGGER live_streams_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON live_streams FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
-- Sessions and users are cached per row (the signed-in user read with each request): a change
-- names the row, `sessions:<sid>` or `users:<id>`, so only that copy is dropped. Rows of
-- sessions already expired are left out: no instance serves them, and pruning them would
-- otherwise send one notification each.
CREATE OR REPLACE FUNCTION label_cache_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('label_cache', TG_TABLE_NAME || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW WHEN (OLD.expire > now()) EXECUTE FUNCTION label_cache_notify_row('sid');
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION label_cache_notify_row('id');
--> statement-breakpoint
CREATE TRIGGER users_cache_notify_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
