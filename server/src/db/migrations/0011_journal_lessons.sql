CREATE TABLE "journal_lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"lesson_time_id" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_lessons_occurrence_uq" UNIQUE("teaching_assignment_id","visit_date","lesson_time_id")
);
--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_lesson_time_id_lesson_times_id_fk" FOREIGN KEY ("lesson_time_id") REFERENCES "public"."lesson_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lessons" ADD CONSTRAINT "journal_lessons_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;