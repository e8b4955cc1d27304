-- Server processes keep the replies of frequent reads for a few seconds (plugins/reply-cache.ts). Every
-- statement that writes a table those replies read is announced on the channel lms_data at commit,
-- with the table's name, so that each process drops the replies read from it.
CREATE OR REPLACE FUNCTION lms_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lms_data', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER news_data_changed AFTER INSERT OR UPDATE OR DELETE ON news FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER news_data_truncated AFTER TRUNCATE ON news FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER news_files_data_changed AFTER INSERT OR UPDATE OR DELETE ON news_files FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER news_files_data_truncated AFTER TRUNCATE ON news_files FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER news_reads_data_changed AFTER INSERT OR UPDATE OR DELETE ON news_reads FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER news_reads_data_truncated AFTER TRUNCATE ON news_reads FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER files_data_changed AFTER INSERT OR UPDATE OR DELETE ON files FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER files_data_truncated AFTER TRUNCATE ON files FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER users_data_changed AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER users_data_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER teachers_data_changed AFTER INSERT OR UPDATE OR DELETE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER teachers_data_truncated AFTER TRUNCATE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER students_data_changed AFTER INSERT OR UPDATE OR DELETE ON students FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER students_data_truncated AFTER TRUNCATE ON students FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER positions_data_changed AFTER INSERT OR UPDATE OR DELETE ON positions FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER positions_data_truncated AFTER TRUNCATE ON positions FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER departments_data_changed AFTER INSERT OR UPDATE OR DELETE ON departments FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER departments_data_truncated AFTER TRUNCATE ON departments FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER faculties_data_changed AFTER INSERT OR UPDATE OR DELETE ON faculties FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER faculties_data_truncated AFTER TRUNCATE ON faculties FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER groups_data_changed AFTER INSERT OR UPDATE OR DELETE ON groups FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER groups_data_truncated AFTER TRUNCATE ON groups FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER specialities_data_changed AFTER INSERT OR UPDATE OR DELETE ON specialities FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER specialities_data_truncated AFTER TRUNCATE ON specialities FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER education_forms_data_changed AFTER INSERT OR UPDATE OR DELETE ON education_forms FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
--> statement-breakpoint
CREATE TRIGGER education_forms_data_truncated AFTER TRUNCATE ON education_forms FOR EACH STATEMENT EXECUTE FUNCTION lms_data_changed();
