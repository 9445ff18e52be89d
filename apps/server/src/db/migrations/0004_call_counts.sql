-- The call history's totals (apps/server/src/repositories/call-counts.ts): call_counts kept exact by
-- statement triggers on calls, in the same transaction as the change. The bucket boundaries below are
-- the lower bounds, in seconds, that call-counts.ts lists as HOLD_BUCKET_STARTS and
-- DURATION_BUCKET_STARTS; changing them means a new migration that also calls call_counts_rebuild().

-- Hold time → its bucket, 1 for 0 seconds upwards.
CREATE FUNCTION call_hold_bucket(seconds integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT width_bucket(seconds, '{0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,32,34,36,38,40,45,50,55,60,70,80,90,100,110,120,150,180,210,240,270,300,360,420,480,540,600,900,1200,1800,3600,7200,14400,86400}'::integer[]) $$;
--> statement-breakpoint

-- Duration → its bucket, 1 for 0 seconds upwards; 0 for a call without a duration (missed).
CREATE FUNCTION call_duration_bucket(seconds integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(width_bucket(seconds, '{0,10,20,30,40,50,60,70,80,90,100,110,120,130,140,150,160,170,180,190,200,210,220,230,240,250,260,270,280,290,300,310,320,330,340,350,360,370,380,390,400,410,420,430,440,450,460,470,480,490,500,510,520,530,540,550,560,570,580,590,600,660,720,780,840,900,960,1020,1080,1140,1200,1500,1800,2100,2400,2700,3000,3300,3600,4500,5400,7200,10800,14400,21600,43200,86400}'::integer[]), 0) $$;
--> statement-breakpoint

-- The statement that adds the calls a query yields (the columns below and a delta of 1 or -1) to
-- call_counts. Each call counts in its team's rows (nil member), in the blocks of 1, 8, 64 and 512 days
-- that hold its day, and when a member took it in that member's, from 8 days up. A row's durations are
-- running totals over the duration buckets present (see schema.ts).
CREATE FUNCTION call_counts_statement(source text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $body$ SELECT format($sql$
WITH changes AS (
  SELECT team_id, received_by, answered, message_left,
    floor(extract(epoch FROM incoming_at) / 86400)::integer AS day,
    call_hold_bucket(hold_seconds) AS hold_bucket,
    call_duration_bucket(duration_seconds) AS duration_bucket,
    sum(delta)::integer AS delta
  FROM (%s) AS changed
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(delta) <> 0
),
counted AS (
  SELECT team_id, '00000000-0000-0000-0000-000000000000'::uuid AS member_id, answered, message_left, day,
    hold_bucket, duration_bucket, delta
  FROM changes
  UNION ALL
  SELECT team_id, received_by, answered, message_left, day, hold_bucket, duration_bucket, delta
  FROM changes
  WHERE received_by IS NOT NULL
),
blocks AS (
  SELECT team_id, member_id, level::smallint AS level, day >> (3 * level) AS block, answered, message_left,
    hold_bucket::smallint AS hold_bucket, duration_bucket, sum(delta)::integer AS delta
  FROM counted
  CROSS JOIN LATERAL generate_series(
    CASE WHEN member_id = '00000000-0000-0000-0000-000000000000' THEN 0 ELSE 1 END, 3
  ) AS level
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(delta) <> 0
),
deltas AS (
  SELECT team_id, member_id, level, block, answered, message_left, hold_bucket,
    array_agg(duration_bucket ORDER BY duration_bucket) AS duration_buckets,
    array_agg(running ORDER BY duration_bucket) AS duration_totals
  FROM (
    SELECT blocks.*, sum(delta) OVER (
      PARTITION BY team_id, member_id, level, block, answered, message_left, hold_bucket
      ORDER BY duration_bucket
    )::integer AS running
    FROM blocks
  ) AS summed
  GROUP BY 1, 2, 3, 4, 5, 6, 7
)
INSERT INTO call_counts AS counts (team_id, member_id, level, block, answered, message_left, hold_bucket,
  duration_buckets, duration_totals)
SELECT * FROM deltas
-- A team being deleted takes its counts with it.
WHERE EXISTS (SELECT 1 FROM teams WHERE teams.id = deltas.team_id)
-- One order for every statement, so two transactions lock the rows they share in the same order.
ORDER BY team_id, member_id, level, block, answered, message_left, hold_bucket
ON CONFLICT (team_id, member_id, level, block, answered, message_left, hold_bucket) DO UPDATE
SET (duration_buckets, duration_totals) = (
  SELECT array_agg(bucket ORDER BY bucket),
    array_agg(
      coalesce(counts.duration_totals[width_bucket(bucket, counts.duration_buckets)], 0)
        + coalesce(excluded.duration_totals[width_bucket(bucket, excluded.duration_buckets)], 0)
      ORDER BY bucket
    )
  FROM (SELECT unnest(counts.duration_buckets) UNION SELECT unnest(excluded.duration_buckets)) AS merged(bucket)
)
$sql$, source) $body$;
--> statement-breakpoint

CREATE FUNCTION call_counts_trigger() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  columns constant text := 'team_id, received_by, answered, message_left, incoming_at, hold_seconds, duration_seconds';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE call_counts_statement(format('SELECT %s, 1 AS delta FROM new_calls', columns));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE call_counts_statement(format('SELECT %s, -1 AS delta FROM old_calls', columns));
  ELSE
    EXECUTE call_counts_statement(
      format('SELECT %1$s, 1 AS delta FROM new_calls UNION ALL SELECT %1$s, -1 AS delta FROM old_calls', columns)
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER calls_counted_insert AFTER INSERT ON calls
REFERENCING NEW TABLE AS new_calls
FOR EACH STATEMENT EXECUTE FUNCTION call_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER calls_counted_update AFTER UPDATE ON calls
REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
FOR EACH STATEMENT EXECUTE FUNCTION call_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER calls_counted_delete AFTER DELETE ON calls
REFERENCING OLD TABLE AS old_calls
FOR EACH STATEMENT EXECUTE FUNCTION call_counts_trigger();
--> statement-breakpoint

CREATE FUNCTION call_counts_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM call_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_counted_truncate AFTER TRUNCATE ON calls
FOR EACH STATEMENT EXECUTE FUNCTION call_counts_truncate();
--> statement-breakpoint

-- Counts every call again from scratch (after new bucket boundaries, or to check the triggers).
CREATE FUNCTION call_counts_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM call_counts;
  EXECUTE call_counts_statement(
    'SELECT team_id, received_by, answered, message_left, incoming_at, hold_seconds, duration_seconds, 1 AS delta FROM calls'
  );
END
$$;
