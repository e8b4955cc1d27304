CREATE TABLE "webinar_joins" (
	"meeting_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinar_joins_meeting_id_student_id_pk" PRIMARY KEY("meeting_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "webinar_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_entry_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"teacher_id" integer NOT NULL,
	"provider" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinar_meetings_provider_ck" CHECK ("webinar_meetings"."provider" in ('portal', 'link')),
	CONSTRAINT "webinar_meetings_url_ck" CHECK ("webinar_meetings"."url" like 'https://%' and length("webinar_meetings"."url") <= 500)
);
--> statement-breakpoint
CREATE TABLE "webinar_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webinar_recordings_url_ck" CHECK ("webinar_recordings"."url" like 'https://%' and length("webinar_recordings"."url") <= 500)
);
--> statement-breakpoint
ALTER TABLE "journal_visits" DROP CONSTRAINT "journal_visits_source_ck";--> statement-breakpoint
ALTER TABLE "webinar_joins" ADD CONSTRAINT "webinar_joins_meeting_id_webinar_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."webinar_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_joins" ADD CONSTRAINT "webinar_joins_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_meetings" ADD CONSTRAINT "webinar_meetings_schedule_entry_id_schedule_entries_id_fk" FOREIGN KEY ("schedule_entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_meetings" ADD CONSTRAINT "webinar_meetings_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_recordings" ADD CONSTRAINT "webinar_recordings_meeting_id_webinar_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."webinar_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_meetings_lesson_uq" ON "webinar_meetings" USING btree ("schedule_entry_id","lesson_date");--> statement-breakpoint
CREATE INDEX "webinar_meetings_teacher_idx" ON "webinar_meetings" USING btree ("teacher_id","lesson_date");--> statement-breakpoint
CREATE INDEX "webinar_recordings_meeting_idx" ON "webinar_recordings" USING btree ("meeting_id","id");--> statement-breakpoint
ALTER TABLE "journal_visits" ADD CONSTRAINT "journal_visits_source_ck" CHECK ("journal_visits"."source" in ('journal', 'bulk', 'qr', 'webinar', 'seed'));