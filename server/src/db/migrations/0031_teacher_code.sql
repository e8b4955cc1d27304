ALTER TABLE "teachers" ADD COLUMN "code" text;--> statement-breakpoint
UPDATE "teachers" SET "code" = 'T' || lpad("id"::text, 4, '0') WHERE "code" IS NULL;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_code_unique" UNIQUE("code");
