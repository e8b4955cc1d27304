CREATE TABLE "qr_device_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"student_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_device_keys_key_student_uq" UNIQUE("key_id","student_id"),
	CONSTRAINT "qr_device_keys_key_id_ck" CHECK ("qr_device_keys"."key_id" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "qr_device_keys" ADD CONSTRAINT "qr_device_keys_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;