-- A search for a term inside words ("rossi", "müller") collected every match and sorted them (38 000
-- for "zoë" at a million users) or walked the list until a page matched. `user_search_words` keeps
-- each user's words ordered by email, so the page is a merge of the few words that contain the term
-- (looked up in `user_search_vocabulary` by its trigram index). Statement triggers on `users` keep
-- both: one set-based insert per statement, whatever the number of rows (an import, the bench's seeding).
CREATE TABLE "user_search_vocabulary" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "user_search_vocabulary_tenant_id_word_pk" PRIMARY KEY("tenant_id","word")
);
--> statement-breakpoint
CREATE TABLE "user_search_words" (
	"tenant_id" uuid NOT NULL,
	"word" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "user_search_words_tenant_id_word_email_user_id_pk" PRIMARY KEY("tenant_id","word","email","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_search_vocabulary" ADD CONSTRAINT "user_search_vocabulary_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_search_vocabulary_trgm" ON "user_search_vocabulary" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- A word: a run of characters between ASCII characters other than letters and digits (so "müller"
-- and "zoë" stay whole). The server splits a term at the same characters (src/users/search-words.ts).
CREATE FUNCTION portal_search_words(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table($1, '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+') AS w WHERE w <> ''
$$;
--> statement-breakpoint
-- The lock of each tenant's search vocabulary, held to the end of the transaction; tenants in order.
CREATE FUNCTION portal_lock_search_words(tenants uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('portal_search_words:' || t::text, 0)) FROM unnest(tenants) AS l(t) ORDER BY t;
END
$$;
--> statement-breakpoint
-- Runs as the statement's role, so row-level security checks these rows as it checked the users'.
-- An update changes words only where the email or `search_text` changed (an email differing only
-- in case keeps `search_text`). A word no user has any more leaves the vocabulary with its last
-- user. Vocabulary words are added and dropped under a lock per tenant, each in a statement of its
-- own after taking it (so it reads what committed meanwhile): otherwise a new user's word could be
-- dropped by a deletion that did not see that user yet, and the words path would answer that nobody
-- matches. They are added in order, so two inserts never wait on each other's words crosswise.
CREATE FUNCTION portal_users_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_search_words (tenant_id, word, email, user_id)
      SELECT n.tenant_id, w, n.email, n.id FROM new_users n, portal_search_words(n.search_text) w;
    PERFORM portal_lock_search_words(array(SELECT DISTINCT tenant_id FROM new_users));
    INSERT INTO user_search_vocabulary (tenant_id, word)
      SELECT DISTINCT n.tenant_id, w FROM new_users n, portal_search_words(n.search_text) w ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM user_search_words s USING old_users o, portal_search_words(o.search_text) w
      WHERE s.tenant_id = o.tenant_id AND s.word = w AND s.email = o.email AND s.user_id = o.id;
    PERFORM portal_lock_search_words(array(SELECT DISTINCT tenant_id FROM old_users));
    DELETE FROM user_search_vocabulary v USING (SELECT DISTINCT o.tenant_id, w FROM old_users o, portal_search_words(o.search_text) w) r(tenant_id, word)
      WHERE v.tenant_id = r.tenant_id AND v.word = r.word
        AND NOT EXISTS (SELECT 1 FROM user_search_words s WHERE s.tenant_id = r.tenant_id AND s.word = r.word);
  ELSE
    IF NOT EXISTS (SELECT 1 FROM new_users n JOIN old_users o ON o.id = n.id WHERE n.search_text <> o.search_text OR n.email <> o.email) THEN
      RETURN NULL;
    END IF;
    DELETE FROM user_search_words s
      USING old_users o JOIN new_users n ON n.id = o.id AND (n.search_text <> o.search_text OR n.email <> o.email), portal_search_words(o.search_text) w
      WHERE s.tenant_id = o.tenant_id AND s.word = w AND s.email = o.email AND s.user_id = o.id;
    INSERT INTO user_search_words (tenant_id, word, email, user_id)
      SELECT n.tenant_id, w, n.email, n.id
        FROM new_users n JOIN old_users o ON o.id = n.id AND (n.search_text <> o.search_text OR n.email <> o.email), portal_search_words(n.search_text) w;
    PERFORM portal_lock_search_words(array(SELECT DISTINCT tenant_id FROM new_users));
    DELETE FROM user_search_vocabulary v
      USING (SELECT DISTINCT o.tenant_id, w FROM old_users o JOIN new_users n ON n.id = o.id AND n.search_text <> o.search_text, portal_search_words(o.search_text) w) r(tenant_id, word)
      WHERE v.tenant_id = r.tenant_id AND v.word = r.word
        AND NOT EXISTS (SELECT 1 FROM user_search_words s WHERE s.tenant_id = r.tenant_id AND s.word = r.word);
    INSERT INTO user_search_vocabulary (tenant_id, word)
      SELECT DISTINCT n.tenant_id, w
        FROM new_users n JOIN old_users o ON o.id = n.id AND n.search_text <> o.search_text, portal_search_words(n.search_text) w
        ORDER BY 1, 2
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_words_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_users_search_words();
--> statement-breakpoint
CREATE TRIGGER users_search_words_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_users_search_words();
--> statement-breakpoint
CREATE TRIGGER users_search_words_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_users_search_words();
--> statement-breakpoint
-- Row-level security is forced on `users`, even for its owner (see 0008): the copy of the existing
-- users runs in platform mode.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
INSERT INTO user_search_words (tenant_id, word, email, user_id)
  SELECT u.tenant_id, w, u.email, u.id FROM users u, portal_search_words(u.search_text) w;
--> statement-breakpoint
INSERT INTO user_search_vocabulary (tenant_id, word) SELECT DISTINCT tenant_id, word FROM user_search_words;
--> statement-breakpoint
SELECT set_config('app.platform', '', true);
--> statement-breakpoint
SELECT portal_enable_tenant_rls('user_search_words');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('user_search_vocabulary');
