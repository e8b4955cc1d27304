CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"author" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"total_pages" integer DEFAULT 0 NOT NULL,
	"file_id" integer NOT NULL,
	"uploader_user_id" integer NOT NULL,
	"from_umk" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_pages_ck" CHECK ("books"."total_pages" >= 0)
);
--> statement-breakpoint
CREATE TABLE "library_base_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_category_id" integer NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_editors" (
	"user_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "umk_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"total_pages" integer DEFAULT 0 NOT NULL,
	"discipline_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"control_form_id" integer NOT NULL,
	"speciality_id" integer,
	"teacher_id" integer NOT NULL,
	"credits" smallint DEFAULT 0 NOT NULL,
	"audience" smallint DEFAULT 0 NOT NULL,
	"file_id" integer NOT NULL,
	"book_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "umk_items_audience_ck" CHECK ("umk_items"."audience" in (0, 1, 2)),
	CONSTRAINT "umk_items_pages_ck" CHECK ("umk_items"."total_pages" >= 0)
);
--> statement-breakpoint
CREATE TABLE "umk_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_category_id_library_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."library_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_categories" ADD CONSTRAINT "library_categories_base_category_id_library_base_categories_id_fk" FOREIGN KEY ("base_category_id") REFERENCES "public"."library_base_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_editors" ADD CONSTRAINT "library_editors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_type_id_umk_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."umk_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_control_form_id_control_forms_id_fk" FOREIGN KEY ("control_form_id") REFERENCES "public"."control_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_speciality_id_specialities_id_fk" FOREIGN KEY ("speciality_id") REFERENCES "public"."specialities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "umk_items" ADD CONSTRAINT "umk_items_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_category_idx" ON "books" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "library_categories_base_idx" ON "library_categories" USING btree ("base_category_id");--> statement-breakpoint
CREATE INDEX "umk_items_discipline_idx" ON "umk_items" USING btree ("discipline_id","semester_id");--> statement-breakpoint
CREATE INDEX "umk_items_teacher_idx" ON "umk_items" USING btree ("teacher_id");