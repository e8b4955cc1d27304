CREATE TABLE "final_result_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"teaching_assignment_id" integer,
	"action" text NOT NULL,
	"old_points" smallint,
	"new_points" smallint,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "final_result_history" ADD CONSTRAINT "final_result_history_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_result_history" ADD CONSTRAINT "final_result_history_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_result_history" ADD CONSTRAINT "final_result_history_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_result_history" ADD CONSTRAINT "final_result_history_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_result_history" ADD CONSTRAINT "final_result_history_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_result_history" ADD CONSTRAINT "final_result_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "final_result_history_result_idx" ON "final_result_history" USING btree ("student_id","discipline_id","academic_year_id","working_semester_id","id");