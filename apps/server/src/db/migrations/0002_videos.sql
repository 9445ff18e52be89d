-- Trigram search over video titles (the library's search box); pg_trgm is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "video_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"video_id" uuid,
	"sender_id" uuid NOT NULL,
	"call_id" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"message" text NOT NULL,
	"token_hash" text NOT NULL,
	"email_outbox_id" uuid,
	"sms_outbox_id" uuid,
	"views" integer DEFAULT 0 NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_uploads" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"storage_upload_id" text NOT NULL,
	"part_size" integer NOT NULL,
	"part_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text,
	"status" text NOT NULL,
	"content_type" text NOT NULL,
	"declared_size" bigint NOT NULL,
	"size" bigint,
	"duration_seconds" double precision,
	"storage_key" text NOT NULL,
	"poster_key" text,
	"error_message" text,
	"processing_lease_until" timestamp with time zone,
	"processing_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_email_outbox_id_outbox_messages_id_fk" FOREIGN KEY ("email_outbox_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_sms_outbox_id_outbox_messages_id_fk" FOREIGN KEY ("sms_outbox_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_messages_token" ON "video_messages" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "video_messages_team" ON "video_messages" USING btree ("team_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_messages_video" ON "video_messages" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_uploads_storage_id" ON "video_uploads" USING btree ("storage_upload_id");--> statement-breakpoint
CREATE INDEX "video_uploads_created" ON "video_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "videos_team" ON "videos" USING btree ("team_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_title_trgm" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_processing" ON "videos" USING btree ("processing_lease_until") WHERE "videos"."status" = 'processing';