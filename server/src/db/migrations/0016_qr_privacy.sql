CREATE TABLE "qr_report_viewers" (
	"user_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qr_marks" ALTER COLUMN "latitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_marks" ALTER COLUMN "longitude" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_marks" ALTER COLUMN "accuracy_m" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_report_viewers" ADD CONSTRAINT "qr_report_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;