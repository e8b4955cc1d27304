-- Look-ups of the public QR card are counted per address in the throttle's table (plugins/throttle.ts),
-- so that the limit holds across server processes: a fourth kind of attempt.
ALTER TABLE "login_attempts" DROP CONSTRAINT "login_attempts_kind_ck";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_kind_ck" CHECK ("login_attempts"."kind" in ('login', 'password', 'qrcode', 'card'));