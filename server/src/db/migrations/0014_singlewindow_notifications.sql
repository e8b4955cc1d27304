CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sw_districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sw_doc_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "sw_doc_types_kind_unique" UNIQUE("kind")
);
--> statement-breakpoint
CREATE TABLE "sw_order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"reason" text,
	"actor_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sw_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"faculty_id" integer NOT NULL,
	"doc_type_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"purpose_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sw_orders_status_ck" CHECK ("sw_orders"."status" in (1, 2, 3, 4))
);
--> statement-breakpoint
CREATE TABLE "sw_purposes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sw_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_kg" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registrar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_districts" ADD CONSTRAINT "sw_districts_region_id_sw_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."sw_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_order_history" ADD CONSTRAINT "sw_order_history_order_id_sw_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sw_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_order_history" ADD CONSTRAINT "sw_order_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_orders" ADD CONSTRAINT "sw_orders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_orders" ADD CONSTRAINT "sw_orders_faculty_id_faculties_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."faculties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_orders" ADD CONSTRAINT "sw_orders_doc_type_id_sw_doc_types_id_fk" FOREIGN KEY ("doc_type_id") REFERENCES "public"."sw_doc_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_orders" ADD CONSTRAINT "sw_orders_region_id_sw_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."sw_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_orders" ADD CONSTRAINT "sw_orders_district_id_sw_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."sw_districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sw_orders" ADD CONSTRAINT "sw_orders_purpose_id_sw_purposes_id_fk" FOREIGN KEY ("purpose_id") REFERENCES "public"."sw_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "sw_districts_region_idx" ON "sw_districts" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "sw_order_history_order_idx" ON "sw_order_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sw_orders_student_idx" ON "sw_orders" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "sw_orders_faculty_idx" ON "sw_orders" USING btree ("faculty_id","status");