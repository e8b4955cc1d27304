-- A question of the testing bank may hold one image (a stored file) with its alt text, both or neither.
ALTER TABLE "testing_questions" ADD COLUMN "image_file_id" integer;--> statement-breakpoint
ALTER TABLE "testing_questions" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "testing_questions" ADD CONSTRAINT "testing_questions_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_questions" ADD CONSTRAINT "testing_questions_image_ck" CHECK (("testing_questions"."image_file_id" is null) = ("testing_questions"."image_alt" is null));