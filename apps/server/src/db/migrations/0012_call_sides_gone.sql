ALTER TABLE "calls" ADD COLUMN "caller_socket" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "caller_left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "member_left_at" timestamp with time zone;