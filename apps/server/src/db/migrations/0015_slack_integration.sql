CREATE TABLE "directory_users" (
	"team_id" uuid NOT NULL,
	"slack_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	CONSTRAINT "directory_users_team_id_slack_id_pk" PRIMARY KEY("team_id","slack_id")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"team_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_secret" text NOT NULL,
	"token_last4" text NOT NULL,
	"workspace_id" text NOT NULL,
	"workspace_name" text NOT NULL,
	"saved_by" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone,
	CONSTRAINT "integrations_team_id_kind_pk" PRIMARY KEY("team_id","kind")
);
--> statement-breakpoint
ALTER TABLE "directory_users" ADD CONSTRAINT "directory_users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_users_team_email" ON "directory_users" USING btree ("team_id","email");