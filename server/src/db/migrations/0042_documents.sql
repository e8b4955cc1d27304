CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"number" integer NOT NULL,
	"file_id" integer NOT NULL,
	"uploaded_by_user_id" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "document_versions_number_uq" UNIQUE("document_id","number"),
	CONSTRAINT "document_versions_number_ck" CHECK ("document_versions"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"audience" text NOT NULL,
	"faculty_id" integer,
	"title_ru" text DEFAULT '' NOT NULL,
	"title_kg" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"description_kg" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_category_ck" CHECK ("documents"."category" in ('regulation', 'order', 'template', 'form')),
	CONSTRAINT "documents_audience_ck" CHECK ("documents"."audience" in ('all', 'students', 'teachers', 'staff')),
	CONSTRAINT "documents_title_ck" CHECK ("documents"."title_ru" <> '' or "documents"."title_kg" <> '' or "documents"."title_en" <> '')
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("category");