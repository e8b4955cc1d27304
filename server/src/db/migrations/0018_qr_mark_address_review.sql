ALTER TABLE "qr_marks" DROP CONSTRAINT "qr_marks_status_ck";--> statement-breakpoint
ALTER TABLE "qr_marks" DROP CONSTRAINT "qr_marks_reason_ck";--> statement-breakpoint
ALTER TABLE "qr_marks" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "qr_marks_ip_idx" ON "qr_marks" USING btree ("session_id","ip");--> statement-breakpoint
CREATE INDEX "qr_marks_review_idx" ON "qr_marks" USING btree ("created_at") WHERE "qr_marks"."status" = 'review';--> statement-breakpoint
ALTER TABLE "qr_marks" ADD CONSTRAINT "qr_marks_status_ck" CHECK ("qr_marks"."status" in ('accepted', 'review', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "qr_marks" ADD CONSTRAINT "qr_marks_reason_ck" CHECK ("qr_marks"."reason" is null or "qr_marks"."reason" in ('device', 'distance', 'accuracy', 'precision', 'address', 'network'));