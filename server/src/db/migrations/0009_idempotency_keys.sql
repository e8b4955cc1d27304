-- Idempotency keys of creates (plugins/idempotency.ts): the first reply to a key, kept for 24 hours.
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" smallint,
	"reply" text,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_key_ck" CHECK (length("idempotency_keys"."key") between 1 and 255)
);
