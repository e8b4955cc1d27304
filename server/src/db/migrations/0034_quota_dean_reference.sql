ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_ck";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dean_faculty_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quota_mb" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dean_faculty_id_faculties_id_fk" FOREIGN KEY ("dean_faculty_id") REFERENCES "public"."faculties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dean_staff_ck" CHECK ("users"."dean_faculty_id" is null or "users"."role" = 1);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_quota_mb_ck" CHECK ("users"."quota_mb" is null or "users"."quota_mb" between 1 and 10000000);--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_ck" CHECK ("admin_audit"."action" in ('disable', 'enable', 'resetPassword', 'unlock', 'endSessions', 'grantRight', 'revokeRight', 'createAccount', 'setQuota', 'addReference', 'changeReference', 'deleteReference'));