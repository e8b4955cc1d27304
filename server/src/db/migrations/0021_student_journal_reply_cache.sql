-- The students' own journals as server processes keep them (plugins/reply-cache.ts, modules/journal/journal.student-cache.ts):
-- every statement that writes journal_visits is announced on lms_data at commit with the students whose
-- records it wrote ('journal_visits:12,40'), so that each process drops only those students' kept
-- journals; a statement writing too many students for one notification is announced with the table's
-- name alone (everything dropped). The names the journal shows (disciplines, lesson types, teachers)
-- are announced already (0006_reply_cache, 0019_timetable_reply_cache).
CREATE OR REPLACE FUNCTION lms_data_changed_students() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT student_id::text, ',') INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT student_id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT s::text, ',') INTO ids FROM (SELECT student_id AS s FROM new_rows UNION SELECT student_id FROM old_rows) changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(ids) > 7000 THEN
    PERFORM pg_notify('lms_data', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('lms_data', TG_TABLE_NAME || ':' || ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journal_visits_data_inserted AFTER INSERT ON journal_visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_students();
--> statement-breakpoint
CREATE TRIGGER journal_visits_data_updated AFTER UPDATE ON journal_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_students();
--> statement-breakpoint
CREATE TRIGGER journal_visits_data_deleted AFTER DELETE ON journal_visits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_students();
--> statement-breakpoint
CREATE TRIGGER journal_visits_data_truncated AFTER TRUNCATE ON journal_visits FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
