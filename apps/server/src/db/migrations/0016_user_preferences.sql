CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"language" text,
	"theme" text DEFAULT 'system' NOT NULL,
	"time_zone" text,
	"date_format" text DEFAULT 'locale' NOT NULL,
	"page_size" smallint DEFAULT 10 NOT NULL,
	"ring_sound" text DEFAULT 'classic' NOT NULL,
	"ring_volume" smallint DEFAULT 80 NOT NULL,
	"desktop_notifications" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;