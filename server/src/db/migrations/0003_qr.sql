CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_secret_unique" UNIQUE("secret")
);
--> statement-breakpoint
CREATE TABLE "qr_card_tokens" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_card_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "qr_marks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" double precision NOT NULL,
	"distance_m" double precision NOT NULL,
	"device" text NOT NULL,
	"via" text NOT NULL,
	"visit_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	CONSTRAINT "qr_marks_student_uq" UNIQUE("session_id","student_id"),
	CONSTRAINT "qr_marks_status_ck" CHECK ("qr_marks"."status" in ('accepted', 'review', 'rejected')),
	CONSTRAINT "qr_marks_reason_ck" CHECK ("qr_marks"."reason" is null or "qr_marks"."reason" in ('device', 'distance')),
	CONSTRAINT "qr_marks_via_ck" CHECK ("qr_marks"."via" in ('token', 'code'))
);
--> statement-breakpoint
CREATE TABLE "qr_secrets" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_secrets_one_ck" CHECK ("qr_secrets"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "qr_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_entry_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"teacher_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"makeup" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_sessions_lesson_uq" UNIQUE("schedule_entry_id","lesson_date")
);
--> statement-breakpoint
CREATE TABLE "student_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"number" text NOT NULL,
	"order_date" date NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_card_tokens" ADD CONSTRAINT "qr_card_tokens_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_marks" ADD CONSTRAINT "qr_marks_session_id_qr_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."qr_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_marks" ADD CONSTRAINT "qr_marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_marks" ADD CONSTRAINT "qr_marks_visit_id_journal_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."journal_visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_marks" ADD CONSTRAINT "qr_marks_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_schedule_entry_id_schedule_entries_id_fk" FOREIGN KEY ("schedule_entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_orders" ADD CONSTRAINT "student_orders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_marks_device_idx" ON "qr_marks" USING btree ("session_id","device");--> statement-breakpoint
CREATE INDEX "qr_marks_student_idx" ON "qr_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "qr_sessions_teacher_idx" ON "qr_sessions" USING btree ("teacher_id","lesson_date");--> statement-breakpoint
CREATE INDEX "student_orders_student_idx" ON "student_orders" USING btree ("student_id","order_date");