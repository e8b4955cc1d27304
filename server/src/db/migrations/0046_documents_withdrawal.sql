ALTER TABLE "documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "withdrawn_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_withdrawn_by_user_id_users_id_fk" FOREIGN KEY ("withdrawn_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_withdrawn_ck" CHECK (("documents"."withdrawn_at" is null) = ("documents"."withdrawn_by_user_id" is null));