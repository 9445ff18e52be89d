CREATE TABLE "contact_imports" (
	"team_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"imported" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_imports_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"company" text,
	"notes" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_team_email" ON "contacts" USING btree ("team_id","email") WHERE email is not null;--> statement-breakpoint
CREATE INDEX "contacts_team_phone" ON "contacts" USING btree ("team_id","phone","created_at") WHERE phone is not null;--> statement-breakpoint
CREATE INDEX "contacts_team_name" ON "contacts" USING btree ("team_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_team_created" ON "contacts" USING btree ("team_id","created_at","id");