-- Server processes keep checked sessions for a few seconds (plugins/session-cache.ts). Every change to
-- what a session check reads is announced on the channel lms_session at commit, so that each process
-- drops what it kept: the account id of a changed or deleted account or of a session revoked, expired
-- or moved back in time by hand, '*' (everything) when rows of sessions are deleted or a table is
-- emptied. A session's ordinary activity (last_seen_at moving forward) is not announced.
CREATE OR REPLACE FUNCTION lms_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('lms_session', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('lms_session', OLD.id::text);
  ELSE
    PERFORM pg_notify('lms_session', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.login IS DISTINCT FROM NEW.login OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.teacher_id IS DISTINCT FROM NEW.teacher_id OR OLD.student_id IS DISTINCT FROM NEW.student_id
    OR OLD.must_update_credentials IS DISTINCT FROM NEW.must_update_credentials OR OLD.disabled IS DISTINCT FROM NEW.disabled
    OR OLD.news_perms IS DISTINCT FROM NEW.news_perms)
  EXECUTE FUNCTION lms_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION lms_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION lms_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR NEW.last_seen_at < OLD.last_seen_at OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.via IS DISTINCT FROM NEW.via OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION lms_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_session_deleted AFTER DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION lms_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_session_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION lms_session_changed();
