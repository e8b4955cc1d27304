CREATE TABLE "grading_sheet_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"action" text NOT NULL,
	"student_id" integer,
	"old_points" smallint,
	"new_points" smallint,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_sheet_history_action_ck" CHECK ("grading_sheet_history"."action" in ('exam', 'sign', 'reopen', 'resit'))
);
--> statement-breakpoint
CREATE TABLE "grading_sheet_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"modules" jsonb,
	"module_points" smallint,
	"exam_points" smallint,
	"total" smallint,
	CONSTRAINT "grading_sheet_lines_uq" UNIQUE("sheet_id","student_id"),
	CONSTRAINT "grading_sheet_lines_exam_ck" CHECK ("grading_sheet_lines"."exam_points" is null or "grading_sheet_lines"."exam_points" between 0 and 100),
	CONSTRAINT "grading_sheet_lines_total_ck" CHECK ("grading_sheet_lines"."total" is null or "grading_sheet_lines"."total" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "grading_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"credits" smallint NOT NULL,
	"control_form_id" integer NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"student_id" integer,
	"parent_id" integer,
	"signed" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_sheets_attempt_ck" CHECK ("grading_sheets"."attempt" between 1 and 3),
	CONSTRAINT "grading_sheets_resit_ck" CHECK (("grading_sheets"."attempt" = 1) = ("grading_sheets"."student_id" is null))
);
--> statement-breakpoint
ALTER TABLE "grading_sheet_history" ADD CONSTRAINT "grading_sheet_history_sheet_id_grading_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."grading_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheet_history" ADD CONSTRAINT "grading_sheet_history_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheet_history" ADD CONSTRAINT "grading_sheet_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheet_lines" ADD CONSTRAINT "grading_sheet_lines_sheet_id_grading_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."grading_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheet_lines" ADD CONSTRAINT "grading_sheet_lines_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_control_form_id_control_forms_id_fk" FOREIGN KEY ("control_form_id") REFERENCES "public"."control_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_parent_id_grading_sheets_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."grading_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sheets" ADD CONSTRAINT "grading_sheets_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grading_sheet_history_sheet_idx" ON "grading_sheet_history" USING btree ("sheet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_sheets_first_uq" ON "grading_sheets" USING btree ("discipline_id","group_id","academic_year_id","working_semester_id") WHERE "grading_sheets"."attempt" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "grading_sheets_resit_uq" ON "grading_sheets" USING btree ("discipline_id","academic_year_id","working_semester_id","student_id","attempt") WHERE "grading_sheets"."attempt" > 1;--> statement-breakpoint
CREATE INDEX "grading_sheets_student_idx" ON "grading_sheets" USING btree ("student_id");