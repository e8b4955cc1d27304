-- Wrong typed QR codes are throttled per student like wrong passwords (plugins/throttle.ts): a third kind
-- of attempt.
ALTER TABLE "login_attempts" DROP CONSTRAINT "login_attempts_kind_ck";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_kind_ck" CHECK ("login_attempts"."kind" in ('login', 'password', 'qrcode'));