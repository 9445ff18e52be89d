CREATE TABLE "call_declines" (
	"call_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_declines_pkey" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "live_state" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "rings_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "menu_item" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "call_serial" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_declines" ADD CONSTRAINT "call_declines_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_declines" ADD CONSTRAINT "call_declines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_declines_user" ON "call_declines" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calls_live" ON "calls" USING btree ("team_id","incoming_at","serial_number") WHERE live_state is not null;--> statement-breakpoint
CREATE INDEX "calls_ringing_until" ON "calls" USING btree ("rings_until") WHERE live_state = 'ringing';--> statement-breakpoint
CREATE INDEX "calls_caller_email" ON "calls" USING btree ("team_id","caller_email","incoming_at") WHERE caller_email is not null;--> statement-breakpoint
CREATE INDEX "calls_caller_contact" ON "calls" USING btree ("team_id","caller_contact","incoming_at") WHERE caller_contact is not null;--> statement-breakpoint
-- Live calls number on from the team's calls already stored.
UPDATE "teams" SET "call_serial" = coalesce((SELECT max("serial_number") FROM "calls" WHERE "calls"."team_id" = "teams"."id"), 0);
