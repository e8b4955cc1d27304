-- A half-year's periods: registration opens at opens_at (null: open since the row exists), and its journals
-- take marks until marks_closed_after (null: the half-year's end plus JOURNAL_GRACE_DAYS). The teacher's kept
-- journal (modules/journal/journal.teacher-cache.ts) shows when its half-year closes, so registration_periods
-- is announced on lms_data with its name (lms_data_changed() of 0006_reply_cache).
ALTER TABLE "registration_periods" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_periods" ADD COLUMN "marks_closed_after" date;--> statement-breakpoint
ALTER TABLE "registration_periods" ADD CONSTRAINT "registration_periods_opens_ck" CHECK ("registration_periods"."opens_at" is null or "registration_periods"."opens_at" < "registration_periods"."closes_at");--> statement-breakpoint
CREATE TRIGGER registration_periods_data_changed AFTER INSERT OR UPDATE OR DELETE ON registration_periods FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();--> statement-breakpoint
CREATE TRIGGER registration_periods_data_truncated AFTER TRUNCATE ON registration_periods FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
