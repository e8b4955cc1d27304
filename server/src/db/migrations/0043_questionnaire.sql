CREATE TABLE "questionnaire_answers" (
	"response_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"choice" smallint,
	"choices" jsonb,
	"text" text,
	CONSTRAINT "questionnaire_answers_response_id_question_id_pk" PRIMARY KEY("response_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb NOT NULL,
	"required" boolean NOT NULL,
	CONSTRAINT "questionnaire_questions_kind_ck" CHECK ("questionnaire_questions"."kind" in ('scale', 'single', 'multiple', 'text'))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_respondents" (
	"questionnaire_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "questionnaire_respondents_questionnaire_id_user_id_pk" PRIMARY KEY("questionnaire_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"respondent_id" integer
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"anonymous" boolean NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"academic_year_id" integer NOT NULL,
	"working_semester_id" smallint NOT NULL,
	"audience_kind" text NOT NULL,
	"audience_id" integer,
	"faculty_id" integer,
	"teacher_id" integer,
	"discipline_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaires_kind_ck" CHECK ("questionnaires"."kind" in ('evaluation', 'survey')),
	CONSTRAINT "questionnaires_dates_ck" CHECK ("questionnaires"."opens_at" < "questionnaires"."closes_at"),
	CONSTRAINT "questionnaires_audience_ck" CHECK ("questionnaires"."audience_kind" in ('faculty', 'group', 'discipline', 'teachers') and ("questionnaires"."audience_id" is not null or "questionnaires"."audience_kind" = 'teachers')),
	CONSTRAINT "questionnaires_evaluation_ck" CHECK (("questionnaires"."kind" = 'evaluation') = ("questionnaires"."teacher_id" is not null and "questionnaires"."discipline_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_response_id_questionnaire_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."questionnaire_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_question_id_questionnaire_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questionnaire_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_respondents" ADD CONSTRAINT "questionnaire_respondents_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_respondents" ADD CONSTRAINT "questionnaire_respondents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_respondent_id_users_id_fk" FOREIGN KEY ("respondent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_answers_question_idx" ON "questionnaire_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_q_idx" ON "questionnaire_questions" USING btree ("questionnaire_id","position");--> statement-breakpoint
CREATE INDEX "questionnaire_responses_q_idx" ON "questionnaire_responses" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE INDEX "questionnaires_teacher_idx" ON "questionnaires" USING btree ("teacher_id");