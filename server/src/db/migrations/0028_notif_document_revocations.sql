CREATE TABLE "transcript_revocations" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"generation" integer NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcript_revocations" ADD CONSTRAINT "transcript_revocations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;