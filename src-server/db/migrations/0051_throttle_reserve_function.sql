-- Throttle.reserve (src-server/core/throttle.ts) in one statement: under the per-key advisory locks,
-- checks every limit against the events in its window and, when none refuses, records one event per
-- limit. It was a transaction of ten statements for two limits (a message's sender and pair), each a
-- round trip that held a pooled connection while the server's event loop was busy elsewhere.
-- A VOLATILE function reads with a new snapshot per statement, so the counts are taken after the
-- locks are held and see the events of every reservation that held them before; the locks are held
-- to the end of the calling statement's transaction.
--
-- p_limits: [{ bucket, key, max, windowSeconds, backoff?: { baseSeconds, capSeconds },
--              onlyAfter?: { bucket, key, windowSeconds } }]
-- Answers { eventIds: [...] } in the limits' order, or { refused: index of the first limit that
-- refuses, retryAfterSeconds } with nothing recorded. Past `max`, a limit with a backoff refuses
-- until baseSeconds · 2^(count − max) (at most capSeconds) after the latest event, one without
-- until its oldest event leaves the window.
CREATE OR REPLACE FUNCTION "throttle_reserve"(p_limits jsonb, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key text;
  lim jsonb;
  limit_index bigint;
  window_count int;
  window_oldest timestamptz;
  window_latest timestamptz;
  allowed_at timestamptz;
  event_id uuid;
  event_ids uuid[] := '{}';
BEGIN
  -- Sorted, so two reservations that share keys always lock them in the same order (no deadlock).
  FOR lock_key IN
    SELECT DISTINCT k COLLATE "C" FROM (
      SELECT (l->>'bucket') || ':' || (l->>'key') FROM jsonb_array_elements(p_limits) l
      UNION ALL
      SELECT (l->'onlyAfter'->>'bucket') || ':' || (l->'onlyAfter'->>'key')
      FROM jsonb_array_elements(p_limits) l WHERE l ? 'onlyAfter'
    ) keys(k) ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(hashtext(lock_key));
  END LOOP;

  FOR lim, limit_index IN SELECT value, ordinality FROM jsonb_array_elements(p_limits) WITH ORDINALITY LOOP
    -- A limit held only for a key that already has events in its window.
    IF lim ? 'onlyAfter' AND NOT EXISTS (
      SELECT 1 FROM throttle_events
      WHERE bucket = lim->'onlyAfter'->>'bucket' AND key = lim->'onlyAfter'->>'key'
        AND created_at > p_now - make_interval(secs => (lim->'onlyAfter'->>'windowSeconds')::float8)
    ) THEN
      CONTINUE;
    END IF;
    SELECT count(*)::int, min(created_at), max(created_at)
      INTO window_count, window_oldest, window_latest
    FROM throttle_events
    WHERE bucket = lim->>'bucket' AND key = lim->>'key'
      AND created_at > p_now - make_interval(secs => (lim->>'windowSeconds')::float8);
    IF window_count >= (lim->>'max')::int THEN
      IF lim ? 'backoff' THEN
        -- The exponent is bounded so the delay stays finite however many events there are.
        allowed_at := window_latest + make_interval(secs => least(
          (lim->'backoff'->>'capSeconds')::float8,
          (lim->'backoff'->>'baseSeconds')::float8 * power(2, least(window_count - (lim->>'max')::int, 32))));
      ELSE
        allowed_at := window_oldest + make_interval(secs => (lim->>'windowSeconds')::float8);
      END IF;
      IF allowed_at > p_now THEN
        RETURN jsonb_build_object(
          'refused', limit_index - 1,
          'retryAfterSeconds', greatest(1, ceil(extract(epoch FROM allowed_at - p_now)))::int);
      END IF;
    END IF;
  END LOOP;

  -- Each key's events that have left the window go as its new one is recorded.
  FOR lim IN SELECT value FROM jsonb_array_elements(p_limits) WITH ORDINALITY ORDER BY ordinality LOOP
    DELETE FROM throttle_events
    WHERE bucket = lim->>'bucket' AND key = lim->>'key'
      AND created_at < p_now - make_interval(secs => (lim->>'windowSeconds')::float8);
    INSERT INTO throttle_events (bucket, key, created_at)
    VALUES (lim->>'bucket', lim->>'key', p_now)
    RETURNING id INTO event_id;
    event_ids := event_ids || event_id;
  END LOOP;
  RETURN jsonb_build_object('eventIds', to_jsonb(event_ids));
END
$$;
