DROP INDEX "users_email_active";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_active" ON "users" USING btree ("email") WHERE "users"."removed_at" is null and not "users"."address_taken";