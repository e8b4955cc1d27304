CREATE TABLE "card_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"by_user_id" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_changes_field_ck" CHECK ("card_changes"."field" in ('phone', 'email'))
);
--> statement-breakpoint
CREATE TABLE "education_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"order_number" text NOT NULL,
	"order_date" date NOT NULL,
	"group_from_id" integer,
	"group_to_id" integer,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "education_events_kind_ck" CHECK ("education_events"."kind" in ('admission', 'transfer', 'leave', 'return', 'expulsion', 'graduation'))
);
--> statement-breakpoint
ALTER TABLE "card_changes" ADD CONSTRAINT "card_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_changes" ADD CONSTRAINT "card_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_group_from_id_groups_id_fk" FOREIGN KEY ("group_from_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_group_to_id_groups_id_fk" FOREIGN KEY ("group_to_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_events" ADD CONSTRAINT "education_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_changes_user_idx" ON "card_changes" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "education_events_student_idx" ON "education_events" USING btree ("student_id","date");