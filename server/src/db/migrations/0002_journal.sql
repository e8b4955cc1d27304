CREATE TABLE "journal_lesson_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"lesson_time_id" integer NOT NULL,
	"plan_topic_id" integer,
	"topic" text NOT NULL,
	"lesson_number" smallint DEFAULT 1 NOT NULL,
	"hours" smallint DEFAULT 2 NOT NULL,
	"module_id" integer,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_lesson_topics_occurrence_uq" UNIQUE("teaching_assignment_id","visit_date","lesson_time_id"),
	CONSTRAINT "journal_lesson_topics_number_ck" CHECK ("journal_lesson_topics"."lesson_number" between 1 and 5),
	CONSTRAINT "journal_lesson_topics_hours_ck" CHECK ("journal_lesson_topics"."hours" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "journal_modules" (
	"id" integer PRIMARY KEY NOT NULL,
	"number" smallint NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "journal_modules_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "journal_plan_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"topic" text NOT NULL,
	"hours" smallint DEFAULT 2 NOT NULL,
	"module_id" integer,
	CONSTRAINT "journal_plan_topics_number_uq" UNIQUE("teaching_assignment_id","number"),
	CONSTRAINT "journal_plan_topics_hours_ck" CHECK ("journal_plan_topics"."hours" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "journal_removed_students" (
	"teaching_assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"removed_by_user_id" integer,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_removed_students_teaching_assignment_id_student_id_pk" PRIMARY KEY("teaching_assignment_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "journal_subgroup_students" (
	"subgroup_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "journal_subgroup_students_subgroup_id_student_id_pk" PRIMARY KEY("subgroup_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "journal_subgroups" (
	"id" serial PRIMARY KEY NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "journal_subgroups_number_uq" UNIQUE("teaching_assignment_id","number"),
	CONSTRAINT "journal_subgroups_number_ck" CHECK ("journal_subgroups"."number" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "journal_visit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_id" bigint,
	"teaching_assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"lesson_time_id" integer NOT NULL,
	"action" text NOT NULL,
	"old_mark" text,
	"new_mark" text,
	"source" text NOT NULL,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_changes_action_ck" CHECK ("journal_visit_changes"."action" in ('insert', 'update', 'delete'))
);
--> statement-breakpoint
CREATE TABLE "journal_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"lesson_time_id" integer NOT NULL,
	"mark" text,
	"teacher_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"credits" smallint NOT NULL,
	"is_select" boolean DEFAULT false NOT NULL,
	"lesson_type_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"stream_id" integer,
	"subgroup" smallint DEFAULT 0 NOT NULL,
	"day_number" smallint NOT NULL,
	"education_form_id" integer NOT NULL,
	"schedule_entry_id" integer,
	"source" text NOT NULL,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_visits_occurrence_uq" UNIQUE("teaching_assignment_id","student_id","visit_date","lesson_time_id"),
	CONSTRAINT "journal_visits_mark_ck" CHECK ("journal_visits"."mark" is null or "journal_visits"."mark" in ('н/б', 'ув') or "journal_visits"."mark" ~ '^(100|[1-9]?[0-9])$'),
	CONSTRAINT "journal_visits_source_ck" CHECK ("journal_visits"."source" in ('journal', 'bulk', 'qr', 'seed')),
	CONSTRAINT "journal_visits_day_ck" CHECK ("journal_visits"."day_number" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "schedule_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"day_number" smallint NOT NULL,
	"lesson_time_id" integer NOT NULL,
	"auditorium_id" integer NOT NULL,
	"teaching_assignment_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"lesson_type_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"group_id" integer,
	"stream_id" integer,
	"subgroup" smallint DEFAULT 0 NOT NULL,
	"education_form_id" integer NOT NULL,
	"is_select" boolean DEFAULT false NOT NULL,
	CONSTRAINT "schedule_room_slot_uq" UNIQUE("academic_year_id","working_semester_id","day_number","lesson_time_id","auditorium_id"),
	CONSTRAINT "schedule_day_ck" CHECK ("schedule_entries"."day_number" between 1 and 6),
	CONSTRAINT "schedule_subgroup_ck" CHECK ("schedule_entries"."subgroup" in (0, 1, 2)),
	CONSTRAINT "schedule_target_ck" CHECK (("schedule_entries"."group_id" is null) <> ("schedule_entries"."stream_id" is null))
);
--> statement-breakpoint
ALTER TABLE "journal_lesson_topics" ADD CONSTRAINT "journal_lesson_topics_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lesson_topics" ADD CONSTRAINT "journal_lesson_topics_lesson_time_id_lesson_times_id_fk" FOREIGN KEY ("lesson_time_id") REFERENCES "public"."lesson_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lesson_topics" ADD CONSTRAINT "journal_lesson_topics_plan_topic_id_journal_plan_topics_id_fk" FOREIGN KEY ("plan_topic_id") REFERENCES "public"."journal_plan_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lesson_topics" ADD CONSTRAINT "journal_lesson_topics_module_id_journal_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."journal_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lesson_topics" ADD CONSTRAINT "journal_lesson_topics_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_plan_topics" ADD CONSTRAINT "journal_plan_topics_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_plan_topics" ADD CONSTRAINT "journal_plan_topics_module_id_journal_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."journal_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_removed_students" ADD CONSTRAINT "journal_removed_students_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_removed_students" ADD CONSTRAINT "journal_removed_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_removed_students" ADD CONSTRAINT "journal_removed_students_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_subgroup_students" ADD CONSTRAINT "journal_subgroup_students_subgroup_id_journal_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."journal_subgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_subgroup_students" ADD CONSTRAINT "journal_subgroup_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_subgroups" ADD CONSTRAINT "journal_subgroups_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visit_changes" ADD CONSTRAINT "journal_visit_changes_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visit_changes" ADD CONSTRAINT "journal_visit_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visit_changes" ADD CONSTRAINT "journal_visit_changes_lesson_time_id_lesson_times_id_fk" FOREIGN KEY ("lesson_time_id") REFERENCES "public"."lesson_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visit_changes" ADD CONSTRAINT "journal_visit_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_lesson_time_id_lesson_times_id_fk" FOREIGN KEY ("lesson_time_id") REFERENCES "public"."lesson_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_lesson_type_id_lesson_types_id_fk" FOREIGN KEY ("lesson_type_id") REFERENCES "public"."lesson_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_education_form_id_education_forms_id_fk" FOREIGN KEY ("education_form_id") REFERENCES "public"."education_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_schedule_entry_id_schedule_entries_id_fk" FOREIGN KEY ("schedule_entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_lesson_time_id_lesson_times_id_fk" FOREIGN KEY ("lesson_time_id") REFERENCES "public"."lesson_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_auditorium_id_auditoria_id_fk" FOREIGN KEY ("auditorium_id") REFERENCES "public"."auditoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_teaching_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("teaching_assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_lesson_type_id_lesson_types_id_fk" FOREIGN KEY ("lesson_type_id") REFERENCES "public"."lesson_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entries" ADD CONSTRAINT "schedule_entries_education_form_id_education_forms_id_fk" FOREIGN KEY ("education_form_id") REFERENCES "public"."education_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_subgroup_students_student_idx" ON "journal_subgroup_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "journal_changes_cell_idx" ON "journal_visit_changes" USING btree ("teaching_assignment_id","student_id","visit_date","lesson_time_id","id");--> statement-breakpoint
CREATE INDEX "journal_visits_assignment_idx" ON "journal_visits" USING btree ("teaching_assignment_id","visit_date");--> statement-breakpoint
CREATE INDEX "journal_visits_student_idx" ON "journal_visits" USING btree ("student_id","academic_year_id","working_semester_id");--> statement-breakpoint
CREATE INDEX "schedule_slot_idx" ON "schedule_entries" USING btree ("academic_year_id","working_semester_id","day_number","lesson_time_id");--> statement-breakpoint
CREATE INDEX "schedule_teacher_idx" ON "schedule_entries" USING btree ("teacher_id","academic_year_id","working_semester_id");--> statement-breakpoint
CREATE INDEX "schedule_group_idx" ON "schedule_entries" USING btree ("group_id","academic_year_id","working_semester_id");--> statement-breakpoint
CREATE INDEX "schedule_stream_idx" ON "schedule_entries" USING btree ("stream_id","academic_year_id","working_semester_id");--> statement-breakpoint
CREATE INDEX "schedule_assignment_idx" ON "schedule_entries" USING btree ("teaching_assignment_id");