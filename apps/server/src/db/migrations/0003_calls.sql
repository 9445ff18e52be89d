CREATE TABLE "call_counts" (
	"team_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"block" integer NOT NULL,
	"answered" boolean NOT NULL,
	"message_left" boolean NOT NULL,
	"hold_bucket" smallint NOT NULL,
	"duration_buckets" integer[] NOT NULL,
	"duration_totals" integer[] NOT NULL,
	CONSTRAINT "call_counts_pkey" PRIMARY KEY("team_id","member_id","level","block","answered","message_left","hold_bucket")
);
--> statement-breakpoint
CREATE TABLE "call_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"source" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"offset_seconds" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"serial_number" integer NOT NULL,
	"incoming_at" timestamp with time zone NOT NULL,
	"player_id" text NOT NULL,
	"caller_name" text DEFAULT '' NOT NULL,
	"caller_contact" text,
	"caller_email" text,
	"received_by" uuid,
	"received_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"hold_seconds" integer NOT NULL,
	"duration_seconds" integer,
	"message_video_id" uuid,
	"answered" boolean GENERATED ALWAYS AS (received_at is not null) STORED,
	"message_left" boolean GENERATED ALWAYS AS (message_video_id is not null) STORED,
	"recording_status" text DEFAULT 'none' NOT NULL,
	"recording_key" text,
	"recording_content_type" text,
	"recording_error" text,
	"recording_lease_until" timestamp with time zone,
	"recording_attempts" integer DEFAULT 0 NOT NULL,
	"transcript" text,
	"transcript_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(transcript, ''))) STORED,
	"follow_up" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calls_hold_seconds" CHECK (hold_seconds >= 0),
	CONSTRAINT "calls_duration_seconds" CHECK (duration_seconds >= 0)
);
--> statement-breakpoint
CREATE TABLE "captions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_counts" ADD CONSTRAINT "call_counts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_media" ADD CONSTRAINT "call_media_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_media" ADD CONSTRAINT "call_media_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_message_video_id_videos_id_fk" FOREIGN KEY ("message_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captions" ADD CONSTRAINT "captions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captions" ADD CONSTRAINT "captions_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_media_call" ON "call_media" USING btree ("call_id","offset_seconds");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_team_serial" ON "calls" USING btree ("team_id","serial_number");--> statement-breakpoint
CREATE INDEX "calls_team_incoming" ON "calls" USING btree ("team_id","incoming_at","serial_number","answered","message_left","hold_seconds","duration_seconds","received_by","id");--> statement-breakpoint
CREATE INDEX "calls_team_hold" ON "calls" USING btree ("team_id","hold_seconds","serial_number","incoming_at","answered","message_left","duration_seconds","received_by","id");--> statement-breakpoint
CREATE INDEX "calls_team_duration" ON "calls" USING btree ("team_id","duration_seconds" NULLS FIRST,"serial_number","incoming_at","answered","message_left","hold_seconds","received_by","id");--> statement-breakpoint
CREATE INDEX "calls_missed_incoming" ON "calls" USING btree ("team_id","incoming_at","serial_number","hold_seconds","duration_seconds","answered","message_left","received_by","id") WHERE not answered;--> statement-breakpoint
CREATE INDEX "calls_missed_hold" ON "calls" USING btree ("team_id","hold_seconds","serial_number","incoming_at","duration_seconds","answered","message_left","received_by","id") WHERE not answered;--> statement-breakpoint
CREATE INDEX "calls_missed_duration" ON "calls" USING btree ("team_id","duration_seconds" NULLS FIRST,"serial_number","incoming_at","hold_seconds","answered","message_left","received_by","id") WHERE not answered;--> statement-breakpoint
CREATE INDEX "calls_messages_incoming" ON "calls" USING btree ("team_id","incoming_at","serial_number","hold_seconds","duration_seconds","answered","message_left","received_by","id") WHERE message_left;--> statement-breakpoint
CREATE INDEX "calls_messages_hold" ON "calls" USING btree ("team_id","hold_seconds","serial_number","incoming_at","duration_seconds","answered","message_left","received_by","id") WHERE message_left;--> statement-breakpoint
CREATE INDEX "calls_messages_duration" ON "calls" USING btree ("team_id","duration_seconds" NULLS FIRST,"serial_number","incoming_at","hold_seconds","answered","message_left","received_by","id") WHERE message_left;--> statement-breakpoint
CREATE INDEX "calls_received_by" ON "calls" USING btree ("received_by","incoming_at","serial_number","answered","message_left","hold_seconds","duration_seconds","team_id","id") WHERE received_by is not null;--> statement-breakpoint
CREATE INDEX "calls_message_video" ON "calls" USING btree ("message_video_id") WHERE message_video_id is not null;--> statement-breakpoint
CREATE INDEX "calls_caller_name_trgm" ON "calls" USING gin ("caller_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calls_transcript_search" ON "calls" USING gin ("transcript_search");--> statement-breakpoint
CREATE INDEX "calls_recording_generating" ON "calls" USING btree ("recording_lease_until") WHERE "calls"."recording_status" = 'generating';--> statement-breakpoint
CREATE INDEX "captions_call" ON "captions" USING btree ("call_id","start_seconds");--> statement-breakpoint
CREATE INDEX "notes_call" ON "notes" USING btree ("call_id","created_at");