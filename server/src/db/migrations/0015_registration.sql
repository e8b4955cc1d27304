CREATE TABLE "elective_permissions" (
	"student_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	CONSTRAINT "elective_permissions_student_id_academic_year_id_working_semester_id_pk" PRIMARY KEY("student_id","academic_year_id","working_semester_id")
);
--> statement-breakpoint
CREATE TABLE "reg_offerings" (
	"id" serial PRIMARY KEY NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"speciality_id" integer,
	"credits" smallint NOT NULL,
	"control_form_id" integer NOT NULL,
	"is_elective" boolean DEFAULT false NOT NULL,
	"desc_group_num" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "reg_offerings_credits_ck" CHECK ("reg_offerings"."credits" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "reg_subgroups" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"lesson_type_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"day_number" smallint NOT NULL,
	"lesson_time_id" integer NOT NULL,
	CONSTRAINT "reg_subgroups_number_uq" UNIQUE("offering_id","teacher_id","number"),
	CONSTRAINT "reg_subgroups_taken_ck" CHECK ("reg_subgroups"."taken" >= 0 and "reg_subgroups"."taken" <= "reg_subgroups"."capacity"),
	CONSTRAINT "reg_subgroups_capacity_ck" CHECK ("reg_subgroups"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "registration_periods" (
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"credit_limit" smallint NOT NULL,
	CONSTRAINT "registration_periods_academic_year_id_working_semester_id_pk" PRIMARY KEY("academic_year_id","working_semester_id")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"subgroup_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"promoted_at" timestamp with time zone,
	CONSTRAINT "registrations_student_uq" UNIQUE("offering_id","student_id"),
	CONSTRAINT "registrations_status_ck" CHECK ("registrations"."status" in ('registered', 'waiting'))
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_code_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"provider_ref" text,
	"receipt_no" text,
	CONSTRAINT "card_payments_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "card_payments_receipt_no_unique" UNIQUE("receipt_no"),
	CONSTRAINT "card_payments_status_ck" CHECK ("card_payments"."status" in ('pending', 'paid', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "paid_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "paid_services_amount_ck" CHECK ("paid_services"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"student_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_codes_account_unique" UNIQUE("account"),
	CONSTRAINT "payment_codes_student_uq" UNIQUE("student_id","service_id","academic_year_id")
);
--> statement-breakpoint
CREATE TABLE "final_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"credits" smallint NOT NULL,
	"control_form_id" integer NOT NULL,
	"points" smallint NOT NULL,
	"teacher_id" integer,
	"entered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "final_results_uq" UNIQUE("student_id","discipline_id","academic_year_id","working_semester_id"),
	CONSTRAINT "final_results_points_ck" CHECK ("final_results"."points" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "grade_scale" (
	"id" serial PRIMARY KEY NOT NULL,
	"min_points" smallint NOT NULL,
	"max_points" smallint NOT NULL,
	"ekv_num" double precision NOT NULL,
	"ekv_bukv" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "grade_scale_min_points_unique" UNIQUE("min_points"),
	CONSTRAINT "grade_scale_range_ck" CHECK ("grade_scale"."min_points" between 0 and 100 and "grade_scale"."max_points" between "grade_scale"."min_points" and 100)
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elective_permissions" ADD CONSTRAINT "elective_permissions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_permissions" ADD CONSTRAINT "elective_permissions_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elective_permissions" ADD CONSTRAINT "elective_permissions_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_offerings" ADD CONSTRAINT "reg_offerings_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_offerings" ADD CONSTRAINT "reg_offerings_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_offerings" ADD CONSTRAINT "reg_offerings_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_offerings" ADD CONSTRAINT "reg_offerings_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_offerings" ADD CONSTRAINT "reg_offerings_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_offerings" ADD CONSTRAINT "reg_offerings_control_form_id_control_forms_id_fk" FOREIGN KEY ("control_form_id") REFERENCES "public"."control_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_subgroups" ADD CONSTRAINT "reg_subgroups_offering_id_reg_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."reg_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_subgroups" ADD CONSTRAINT "reg_subgroups_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_subgroups" ADD CONSTRAINT "reg_subgroups_lesson_type_id_lesson_types_id_fk" FOREIGN KEY ("lesson_type_id") REFERENCES "public"."lesson_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_subgroups" ADD CONSTRAINT "reg_subgroups_lesson_time_id_lesson_times_id_fk" FOREIGN KEY ("lesson_time_id") REFERENCES "public"."lesson_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_periods" ADD CONSTRAINT "registration_periods_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_periods" ADD CONSTRAINT "registration_periods_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_offering_id_reg_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."reg_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_subgroup_id_reg_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."reg_subgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_payment_code_id_payment_codes_id_fk" FOREIGN KEY ("payment_code_id") REFERENCES "public"."payment_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_service_id_paid_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."paid_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_control_form_id_control_forms_id_fk" FOREIGN KEY ("control_form_id") REFERENCES "public"."control_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_results" ADD CONSTRAINT "final_results_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reg_offerings_period_idx" ON "reg_offerings" USING btree ("academic_year_id","working_semester_id");--> statement-breakpoint
CREATE INDEX "reg_subgroups_offering_idx" ON "reg_subgroups" USING btree ("offering_id","teacher_id");--> statement-breakpoint
CREATE INDEX "registrations_subgroup_idx" ON "registrations" USING btree ("subgroup_id","status","id");--> statement-breakpoint
CREATE INDEX "registrations_student_idx" ON "registrations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "card_payments_code_idx" ON "card_payments" USING btree ("payment_code_id");--> statement-breakpoint
CREATE INDEX "final_results_student_idx" ON "final_results" USING btree ("student_id");