CREATE TABLE "chat_group_reads" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"last_read_id" bigint NOT NULL,
	CONSTRAINT "chat_group_reads_user_id_group_id_discipline_id_pk" PRIMARY KEY("user_id","group_id","discipline_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sender_user_id" integer NOT NULL,
	"recipient_user_id" integer,
	"group_id" integer,
	"discipline_id" integer,
	"academic_year_id" integer,
	"working_semester_id" integer,
	"message" text NOT NULL,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "chat_target_ck" CHECK (("chat_messages"."recipient_user_id" is null) <> ("chat_messages"."group_id" is null)),
	CONSTRAINT "chat_group_discipline_ck" CHECK ("chat_messages"."group_id" is null or "chat_messages"."discipline_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_name_unique" UNIQUE("storage_name"),
	CONSTRAINT "files_size_ck" CHECK ("files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_user_id" integer NOT NULL,
	"message" text NOT NULL,
	"audience" smallint DEFAULT 0 NOT NULL,
	"faculty_id" integer,
	"pinned" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_audience_ck" CHECK ("news"."audience" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "news_files" (
	"news_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "news_files_news_id_file_id_pk" PRIMARY KEY("news_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"news_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_reads_news_id_user_id_pk" PRIMARY KEY("news_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_group_reads" ADD CONSTRAINT "chat_group_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_reads" ADD CONSTRAINT "chat_group_reads_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_reads" ADD CONSTRAINT "chat_group_reads_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_working_semester_id_working_semesters_id_fk" FOREIGN KEY ("working_semester_id") REFERENCES "public"."working_semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_files" ADD CONSTRAINT "news_files_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_files" ADD CONSTRAINT "news_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_pair_idx" ON "chat_messages" USING btree ("sender_user_id","recipient_user_id","id");--> statement-breakpoint
CREATE INDEX "chat_inbox_idx" ON "chat_messages" USING btree ("recipient_user_id","read_at");--> statement-breakpoint
CREATE INDEX "chat_group_idx" ON "chat_messages" USING btree ("group_id","discipline_id","id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "news_feed_idx" ON "news" USING btree ("pinned","publish_at");--> statement-breakpoint
CREATE INDEX "news_author_idx" ON "news" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "news_files_file_idx" ON "news_files" USING btree ("file_id");