CREATE TABLE "testing_answers" (
	"attempt_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"version" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"score" double precision,
	"manual" boolean DEFAULT false NOT NULL,
	"comment" text,
	"graded_by" integer,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "testing_answers_attempt_id_slot_pk" PRIMARY KEY("attempt_id","slot")
);
--> statement-breakpoint
CREATE TABLE "testing_attempt_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"event" text NOT NULL,
	"device" text,
	"ip" text,
	"user_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testing_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"state" text NOT NULL,
	"paper" jsonb NOT NULL,
	"device" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"score" double precision,
	CONSTRAINT "testing_attempts_number_uq" UNIQUE("test_id","student_id","number"),
	CONSTRAINT "testing_attempts_state_ck" CHECK ("testing_attempts"."state" in ('open', 'finished', 'graded'))
);
--> statement-breakpoint
CREATE TABLE "testing_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testing_categories_name_uq" UNIQUE("discipline_id","name")
);
--> statement-breakpoint
CREATE TABLE "testing_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"points" double precision NOT NULL,
	"content" jsonb NOT NULL,
	"teacher_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testing_questions_points_ck" CHECK ("testing_questions"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "testing_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"subgroup_id" integer
);
--> statement-breakpoint
CREATE TABLE "testing_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"discipline_id" integer NOT NULL,
	"title" text NOT NULL,
	"rules" jsonb NOT NULL,
	"shuffle_answers" boolean NOT NULL,
	"time_limit" smallint,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"attempts" smallint NOT NULL,
	"counts" text NOT NULL,
	"show_score" text NOT NULL,
	"show_answers" text NOT NULL,
	"password" text,
	"networks" jsonb NOT NULL,
	"teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "testing_answers" ADD CONSTRAINT "testing_answers_attempt_id_testing_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."testing_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_answers" ADD CONSTRAINT "testing_answers_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_attempt_log" ADD CONSTRAINT "testing_attempt_log_attempt_id_testing_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."testing_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_attempt_log" ADD CONSTRAINT "testing_attempt_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_attempts" ADD CONSTRAINT "testing_attempts_test_id_testing_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."testing_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_attempts" ADD CONSTRAINT "testing_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_categories" ADD CONSTRAINT "testing_categories_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_questions" ADD CONSTRAINT "testing_questions_category_id_testing_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."testing_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_questions" ADD CONSTRAINT "testing_questions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_targets" ADD CONSTRAINT "testing_targets_test_id_testing_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."testing_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_targets" ADD CONSTRAINT "testing_targets_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_targets" ADD CONSTRAINT "testing_targets_subgroup_id_journal_subgroups_id_fk" FOREIGN KEY ("subgroup_id") REFERENCES "public"."journal_subgroups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tests" ADD CONSTRAINT "testing_tests_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tests" ADD CONSTRAINT "testing_tests_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testing_attempt_log_attempt_idx" ON "testing_attempt_log" USING btree ("attempt_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "testing_attempts_open_uq" ON "testing_attempts" USING btree ("test_id","student_id") WHERE "testing_attempts"."state" = 'open';--> statement-breakpoint
CREATE INDEX "testing_attempts_open_deadline_idx" ON "testing_attempts" USING btree ("deadline") WHERE "testing_attempts"."state" = 'open';--> statement-breakpoint
CREATE INDEX "testing_questions_category_idx" ON "testing_questions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "testing_targets_test_idx" ON "testing_targets" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "testing_targets_group_idx" ON "testing_targets" USING btree ("group_id");