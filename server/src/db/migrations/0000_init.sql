CREATE TABLE "academic_years" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "academic_years_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "app_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"url" text NOT NULL,
	"icon" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"building" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	"capacity" integer,
	CONSTRAINT "auditoria_building_name_uq" UNIQUE("building","name")
);
--> statement-breakpoint
CREATE TABLE "control_forms" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curriculum" (
	"id" serial PRIMARY KEY NOT NULL,
	"speciality_id" integer NOT NULL,
	"education_form_id" integer NOT NULL,
	"admission_year" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"credits" smallint NOT NULL,
	"control_form_id" integer NOT NULL,
	CONSTRAINT "curriculum_row_uq" UNIQUE("speciality_id","education_form_id","admission_year","semester_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"faculty_id" integer NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "disciplines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "education_forms" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faculties" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "faculties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"speciality_id" integer NOT NULL,
	"education_form_id" integer NOT NULL,
	"admission_year" integer NOT NULL,
	"number" smallint NOT NULL,
	CONSTRAINT "groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "lesson_times" (
	"id" integer PRIMARY KEY NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"login_key" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "login_attempts_kind_ck" CHECK ("login_attempts"."kind" in ('login', 'password')),
	CONSTRAINT "login_attempts_outcome_ck" CHECK ("login_attempts"."outcome" in ('pending', 'success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "menu_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"roles" smallint[] NOT NULL,
	CONSTRAINT "menu_links_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "oidc_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"link_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" integer PRIMARY KEY NOT NULL,
	"number" smallint NOT NULL,
	"working_semester_id" integer NOT NULL,
	CONSTRAINT "semesters_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"via" text NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sessions_via_ck" CHECK ("sessions"."via" in ('password', 'google'))
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialities" (
	"id" serial PRIMARY KEY NOT NULL,
	"faculty_id" integer NOT NULL,
	"department_id" integer,
	"code" text NOT NULL,
	"abbr" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"duration_years" smallint DEFAULT 4 NOT NULL,
	CONSTRAINT "specialities_code_unique" UNIQUE("code"),
	CONSTRAINT "specialities_abbr_unique" UNIQUE("abbr")
);
--> statement-breakpoint
CREATE TABLE "stream_groups" (
	"stream_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "stream_groups_stream_id_group_id_pk" PRIMARY KEY("stream_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"speciality_id" integer NOT NULL,
	"admission_year" integer NOT NULL,
	CONSTRAINT "streams_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"surname" text NOT NULL,
	"name" text NOT NULL,
	"patronymic" text,
	"gender" text NOT NULL,
	"birth_date" date,
	"nationality" text,
	"citizenship" text,
	"tax_id" text,
	"phone" text,
	"email" text,
	"education" text,
	"photo_id" integer,
	"group_id" integer NOT NULL,
	"code" text NOT NULL,
	"admission_year" integer NOT NULL,
	"education_form_id" integer NOT NULL,
	"subgroup" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "students_code_unique" UNIQUE("code"),
	CONSTRAINT "students_gender_ck" CHECK ("students"."gender" in ('m', 'f')),
	CONSTRAINT "students_subgroup_ck" CHECK ("students"."subgroup" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"surname" text NOT NULL,
	"name" text NOT NULL,
	"patronymic" text,
	"gender" text NOT NULL,
	"birth_date" date,
	"nationality" text,
	"citizenship" text,
	"tax_id" text,
	"phone" text,
	"email" text,
	"education" text,
	"photo_id" integer,
	"department_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	CONSTRAINT "teachers_gender_ck" CHECK ("teachers"."gender" in ('m', 'f'))
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"lesson_type_id" integer NOT NULL,
	"group_id" integer,
	"stream_id" integer,
	"subgroup" smallint DEFAULT 0 NOT NULL,
	"credits" smallint NOT NULL,
	"control_form_id" integer NOT NULL,
	CONSTRAINT "teaching_subgroup_ck" CHECK ("teaching_assignments"."subgroup" in (0, 1, 2)),
	CONSTRAINT "teaching_target_ck" CHECK (("teaching_assignments"."group_id" is null) <> ("teaching_assignments"."stream_id" is null))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text,
	"role" smallint NOT NULL,
	"teacher_id" integer,
	"student_id" integer,
	"must_update_credentials" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"news_perms" boolean DEFAULT false NOT NULL,
	"google_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone,
	CONSTRAINT "users_teacher_id_unique" UNIQUE("teacher_id"),
	CONSTRAINT "users_student_id_unique" UNIQUE("student_id"),
	CONSTRAINT "users_google_sub_unique" UNIQUE("google_sub"),
	CONSTRAINT "users_role_ck" CHECK (("users"."role" = 1 and "users"."teacher_id" is not null and "users"."student_id" is null) or ("users"."role" = 2 and "users"."student_id" is not null and "users"."teacher_id" is null))
);
--> statement-breakpoint
CREATE TABLE "working_semesters" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "curriculum" ADD CONSTRAINT "curriculum_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum" ADD CONSTRAINT "curriculum_education_form_id_education_forms_id_fk" FOREIGN KEY ("education_form_id") REFERENCES "public"."education_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum" ADD CONSTRAINT "curriculum_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum" ADD CONSTRAINT "curriculum_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum" ADD CONSTRAINT "curriculum_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum" ADD CONSTRAINT "curriculum_control_form_id_control_forms_id_fk" FOREIGN KEY ("control_form_id") REFERENCES "public"."control_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disciplines" ADD CONSTRAINT "disciplines_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_education_form_id_education_forms_id_fk" FOREIGN KEY ("education_form_id") REFERENCES "public"."education_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_requests" ADD CONSTRAINT "oidc_requests_link_user_id_users_id_fk" FOREIGN KEY ("link_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialities" ADD CONSTRAINT "specialities_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialities" ADD CONSTRAINT "specialities_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_groups" ADD CONSTRAINT "stream_groups_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_groups" ADD CONSTRAINT "stream_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_education_form_id_education_forms_id_fk" FOREIGN KEY ("education_form_id") REFERENCES "public"."education_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_lesson_type_id_lesson_types_id_fk" FOREIGN KEY ("lesson_type_id") REFERENCES "public"."lesson_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_control_form_id_control_forms_id_fk" FOREIGN KEY ("control_form_id") REFERENCES "public"."control_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curriculum_year_idx" ON "curriculum" USING btree ("academic_year_id","semester_id");--> statement-breakpoint
CREATE INDEX "departments_faculty_idx" ON "departments" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "disciplines_department_idx" ON "disciplines" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "groups_speciality_idx" ON "groups" USING btree ("speciality_id","admission_year");--> statement-breakpoint
CREATE INDEX "login_attempts_key_idx" ON "login_attempts" USING btree ("kind","login_key","at");--> statement-breakpoint
CREATE INDEX "login_attempts_at_idx" ON "login_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "oidc_requests_expires_idx" ON "oidc_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "specialities_faculty_idx" ON "specialities" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "stream_groups_group_idx" ON "stream_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "students_group_idx" ON "students" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "teachers_department_idx" ON "teachers" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "teaching_teacher_idx" ON "teaching_assignments" USING btree ("teacher_id","academic_year_id","working_semester_id");--> statement-breakpoint
CREATE INDEX "teaching_group_idx" ON "teaching_assignments" USING btree ("group_id","academic_year_id","working_semester_id");--> statement-breakpoint
CREATE INDEX "teaching_stream_idx" ON "teaching_assignments" USING btree ("stream_id","academic_year_id","working_semester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_lower_uq" ON "users" USING btree (lower("login"));