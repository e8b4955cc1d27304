-- The teacher's journal as server processes keep it (plugins/reply-cache.ts, modules/journal/journal.teacher-cache.ts):
-- every statement that writes a table the journal's reply is read from is announced on lms_data at commit.
-- A journal's own rows (its records, topics and added lessons) are announced with the journals whose rows
-- the statement wrote, so that each process drops only those journals' kept replies: journal_lesson_topics
-- and journal_lessons as 'journal_lesson_topics:5,7', journal_visits (announced per student already,
-- 0021_student_journal_reply_cache) a second time as 'journal_visits@journal:5,7'; a statement writing
-- too many journals for one notification, and a truncation, are announced with the name alone (everything
-- dropped). The small tables the reply also reads that no earlier migration announces (control forms,
-- semesters, final results and the grade scale) are announced with their names (lms_data_changed() of
-- 0006_reply_cache).
CREATE OR REPLACE FUNCTION lms_data_changed_journals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced text := coalesce(TG_ARGV[0], TG_TABLE_NAME);
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('lms_data', announced);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT teaching_assignment_id::text, ',') INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT teaching_assignment_id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT j::text, ',') INTO ids FROM (SELECT teaching_assignment_id AS j FROM new_rows UNION SELECT teaching_assignment_id FROM old_rows) changed;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(ids) > 7000 THEN
    PERFORM pg_notify('lms_data', announced);
  ELSE
    PERFORM pg_notify('lms_data', announced || ':' || ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journal_visits_journals_inserted AFTER INSERT ON journal_visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals('journal_visits@journal');
--> statement-breakpoint
CREATE TRIGGER journal_visits_journals_updated AFTER UPDATE ON journal_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals('journal_visits@journal');
--> statement-breakpoint
CREATE TRIGGER journal_visits_journals_deleted AFTER DELETE ON journal_visits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals('journal_visits@journal');
--> statement-breakpoint
CREATE TRIGGER journal_visits_journals_truncated AFTER TRUNCATE ON journal_visits FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals('journal_visits@journal');
--> statement-breakpoint
CREATE TRIGGER journal_lesson_topics_data_inserted AFTER INSERT ON journal_lesson_topics REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER journal_lesson_topics_data_updated AFTER UPDATE ON journal_lesson_topics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER journal_lesson_topics_data_deleted AFTER DELETE ON journal_lesson_topics REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER journal_lesson_topics_data_truncated AFTER TRUNCATE ON journal_lesson_topics FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER journal_lessons_data_inserted AFTER INSERT ON journal_lessons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER journal_lessons_data_updated AFTER UPDATE ON journal_lessons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER journal_lessons_data_deleted AFTER DELETE ON journal_lessons REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER journal_lessons_data_truncated AFTER TRUNCATE ON journal_lessons FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed_journals();
--> statement-breakpoint
CREATE TRIGGER control_forms_data_changed AFTER INSERT OR UPDATE OR DELETE ON control_forms FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER control_forms_data_truncated AFTER TRUNCATE ON control_forms FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER semesters_data_changed AFTER INSERT OR UPDATE OR DELETE ON semesters FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER semesters_data_truncated AFTER TRUNCATE ON semesters FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER final_results_data_changed AFTER INSERT OR UPDATE OR DELETE ON final_results FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER final_results_data_truncated AFTER TRUNCATE ON final_results FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER grade_scale_data_changed AFTER INSERT OR UPDATE OR DELETE ON grade_scale FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER grade_scale_data_truncated AFTER TRUNCATE ON grade_scale FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
