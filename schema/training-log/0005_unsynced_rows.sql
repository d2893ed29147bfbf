-- 0005 · An index per synced table of the rows the server has not seen in their present version
-- (never synced, or changed since), the rows a sync sends. Without it every sync read every row
-- of the log to find the few that changed, so after five years of training a sync with nothing
-- to send cost half again as much as after one week. Shipped: never edit; a change is a new file.
CREATE INDEX user_settings_unsynced ON user_settings (id) WHERE synced_at IS NULL OR updated_at IS NOT synced_at;
CREATE INDEX profiles_unsynced ON profiles (id) WHERE synced_at IS NULL OR updated_at IS NOT synced_at;
CREATE INDEX programmes_unsynced ON programmes (id) WHERE synced_at IS NULL OR updated_at IS NOT synced_at;
CREATE INDEX workouts_unsynced ON workouts (id) WHERE synced_at IS NULL OR updated_at IS NOT synced_at;
CREATE INDEX exercise_logs_unsynced ON exercise_logs (id) WHERE synced_at IS NULL OR updated_at IS NOT synced_at;
CREATE INDEX logged_sets_unsynced ON logged_sets (id) WHERE synced_at IS NULL OR updated_at IS NOT synced_at;
