-- The weekly timetable as server processes keep it (plugins/reply-cache.ts, modules/schedule/schedule.service.ts):
-- every statement that writes a table a student's week is read from is announced on lms_data at commit,
-- with the table's name (lms_data_changed() of 0006_reply_cache), so that each process drops the weeks it keeps.
CREATE TRIGGER schedule_entries_data_changed AFTER INSERT OR UPDATE OR DELETE ON schedule_entries FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_entries_data_truncated AFTER TRUNCATE ON schedule_entries FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER lesson_times_data_changed AFTER INSERT OR UPDATE OR DELETE ON lesson_times FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER lesson_times_data_truncated AFTER TRUNCATE ON lesson_times FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER auditoria_data_changed AFTER INSERT OR UPDATE OR DELETE ON auditoria FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER auditoria_data_truncated AFTER TRUNCATE ON auditoria FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER teaching_assignments_data_changed AFTER INSERT OR UPDATE OR DELETE ON teaching_assignments FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER teaching_assignments_data_truncated AFTER TRUNCATE ON teaching_assignments FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER disciplines_data_changed AFTER INSERT OR UPDATE OR DELETE ON disciplines FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER disciplines_data_truncated AFTER TRUNCATE ON disciplines FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER lesson_types_data_changed AFTER INSERT OR UPDATE OR DELETE ON lesson_types FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER lesson_types_data_truncated AFTER TRUNCATE ON lesson_types FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER streams_data_changed AFTER INSERT OR UPDATE OR DELETE ON streams FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER streams_data_truncated AFTER TRUNCATE ON streams FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER stream_groups_data_changed AFTER INSERT OR UPDATE OR DELETE ON stream_groups FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER stream_groups_data_truncated AFTER TRUNCATE ON stream_groups FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER journal_removed_students_data_changed AFTER INSERT OR UPDATE OR DELETE ON journal_removed_students FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER journal_removed_students_data_truncated AFTER TRUNCATE ON journal_removed_students FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER journal_subgroups_data_changed AFTER INSERT OR UPDATE OR DELETE ON journal_subgroups FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER journal_subgroups_data_truncated AFTER TRUNCATE ON journal_subgroups FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER journal_subgroup_students_data_changed AFTER INSERT OR UPDATE OR DELETE ON journal_subgroup_students FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER journal_subgroup_students_data_truncated AFTER TRUNCATE ON journal_subgroup_students FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
