"""Versioned schema: an ordered list of migrations, each applied once in a transaction."""
from __future__ import annotations

import sqlite3
from collections.abc import Sequence

# Each entry upgrades the schema from version (index) to version (index + 1).
# Never edit a released migration; append a new one.
MIGRATIONS: Sequence[str] = (
    # v1: conversations, messages, tasks, transcripts, ledger, approvals, artifacts, evidence.
    """
    CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE TABLE messages (
        n INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        text TEXT NOT NULL,
        status TEXT NOT NULL,
        extensions TEXT NOT NULL DEFAULT '[]',
        created REAL NOT NULL
    );
    CREATE INDEX messages_by_conversation ON messages(conversation_id, n);
    CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        request TEXT NOT NULL,
        status TEXT NOT NULL,
        flow_id TEXT NOT NULL,
        flow_version INTEGER NOT NULL,
        build_identity TEXT NOT NULL,
        workspace TEXT NOT NULL,
        budgets TEXT NOT NULL,
        usage TEXT NOT NULL DEFAULT '{}',
        skill_id TEXT,
        skill_call_key TEXT,
        outcome TEXT,
        packet TEXT,
        error TEXT,
        created REAL NOT NULL,
        finished REAL
    );
    CREATE TABLE transcripts (
        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        agent TEXT NOT NULL,
        seq INTEGER NOT NULL,
        message TEXT NOT NULL,
        call_key TEXT,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (task_id, agent, seq),
        UNIQUE (task_id, agent, call_key)
    );
    CREATE TABLE ledger (
        id TEXT PRIMARY KEY,
        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        agent TEXT NOT NULL,
        call_key TEXT NOT NULL,
        tool_call_id TEXT NOT NULL,
        tool_id TEXT NOT NULL,
        input_hash TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN
            ('awaiting_approval', 'approved', 'executing', 'done', 'failed', 'denied')),
        pre_sha256 TEXT,
        result TEXT,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        UNIQUE (task_id, agent, call_key)
    );
    CREATE TABLE approvals (
        id TEXT PRIMARY KEY,
        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        ledger_id TEXT NOT NULL REFERENCES ledger(id) ON DELETE CASCADE,
        agent TEXT NOT NULL,
        call_key TEXT NOT NULL,
        tool_call_id TEXT NOT NULL,
        tool_id TEXT NOT NULL,
        arguments TEXT NOT NULL,
        input_hash TEXT NOT NULL,
        skill_id TEXT NOT NULL,
        checkpoint_seq INTEGER NOT NULL,
        checkpoint_hash TEXT NOT NULL,
        ledger_snapshot TEXT NOT NULL,
        target_path TEXT,
        target_sha256_at_freeze TEXT,
        summary TEXT NOT NULL,
        changes TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'denied', 'refused')),
        message TEXT NOT NULL DEFAULT '',
        created REAL NOT NULL,
        decided_at REAL
    );
    CREATE TABLE artifacts (
        id TEXT PRIMARY KEY,
        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        workspace_path TEXT NOT NULL,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        tool_call_id TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE evidence (
        artifact_id TEXT PRIMARY KEY REFERENCES artifacts(id) ON DELETE CASCADE,
        json TEXT NOT NULL
    );
    """,
    # v2: every model call is a ledger entry with its budget; faster lookups by task.
    """
    CREATE TABLE model_calls (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        agent TEXT NOT NULL,
        n INTEGER NOT NULL,
        budget INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'started',
        error TEXT,
        created REAL NOT NULL
    );
    CREATE INDEX tasks_by_status ON tasks(status);
    CREATE INDEX ledger_by_task ON ledger(task_id, state);
    CREATE INDEX approvals_by_state ON approvals(state);
    CREATE INDEX artifacts_by_conversation ON artifacts(conversation_id, created);
    """,
    # v3: which process is driving a task right now, so recovery in another process (a second window,
    # `mira task` next to the app) never resumes or resolves work that is still alive.
    """
    ALTER TABLE tasks ADD COLUMN owner TEXT;
    """,
    # v4 (agent): the content hash of the flow a task started under, and the approval rules a user made
    # in a conversation ("allow similar writes": one skill, one command, one kind of write; revocable).
    """
    ALTER TABLE tasks ADD COLUMN flow_sha256 TEXT;
    CREATE TABLE approval_rules (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        skill_id TEXT NOT NULL,
        command TEXT NOT NULL,
        kind TEXT NOT NULL,
        from_approval_id TEXT,
        created REAL NOT NULL,
        revoked REAL
    );
    CREATE INDEX approval_rules_by_conversation ON approval_rules(conversation_id, revoked);
    """,
    # v5: conversations that remember: one working folder per conversation, every version of a file it
    # made (the bytes live content-addressed in the folder's .mira/ area), and every target a frozen write
    # was fingerprinted on (an edit's output too), with the version it replaces.
    """
    ALTER TABLE conversations ADD COLUMN folder TEXT;
    ALTER TABLE conversations ADD COLUMN folder_chosen INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE versions (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        version INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        artifact_id TEXT REFERENCES artifacts(id) ON DELETE SET NULL,
        task_id TEXT,
        change TEXT NOT NULL DEFAULT '',
        created REAL NOT NULL,
        UNIQUE (conversation_id, path, version)
    );
    CREATE INDEX versions_by_artifact ON versions(artifact_id);
    CREATE TABLE approval_targets (
        approval_id TEXT NOT NULL REFERENCES approvals(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        replaces_version INTEGER,
        PRIMARY KEY (approval_id, path)
    );
    """,
    # v6: whether a conversation's title is still Mira's own (made from its request, replaced by the title of
    # the first file it makes); a user's rename clears it, so it is never overwritten. Older rows keep theirs.
    """
    ALTER TABLE conversations ADD COLUMN title_auto INTEGER NOT NULL DEFAULT 0;
    """,
    # v7: the model's reasoning ("Thinking…") of an assistant message, kept with it (never part of its text).
    """
    ALTER TABLE messages ADD COLUMN reasoning TEXT NOT NULL DEFAULT '';
    """,
    # v8: words made of message values are kept as records (skills.codec) instead of a marked string: a
    # message's in a column of their own (its text keeps their English, which search and exports read), an
    # approval's summary and changes, a version's note, and a check's one message in the evidence. The mira_*
    # functions are desktop.store._legacy's readers of the old forms.
    """
    ALTER TABLE messages ADD COLUMN said TEXT;
    UPDATE messages SET said = mira_text(text), text = mira_english(text) WHERE mira_marked(text);
    UPDATE approvals SET summary = mira_text(summary), changes = mira_changes(changes);
    UPDATE versions SET change = mira_text(change);
    UPDATE evidence SET json = mira_evidence(json);
    """,
)

LATEST = len(MIGRATIONS)


def current_version(conn: sqlite3.Connection) -> int:
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(conn: sqlite3.Connection, target: int = LATEST) -> int:
    """Apply the missing migrations up to ``target``; return the resulting version."""
    version = current_version(conn)
    if version > LATEST:
        raise RuntimeError(
            f"this database was written by a newer Mira (schema v{version}; this build knows v{LATEST})"
        )
    if version < target:
        from desktop.store._legacy import register_readers  # the old forms' readers, for the steps that need them

        register_readers(conn)
        # All the missing steps in one transaction: a new database is made with one commit (one flush to
        # disk instead of one per step), and a crash part-way leaves the old version whole.
        steps = "".join(f"{MIGRATIONS[v]}\nINSERT INTO schema_version(version) VALUES ({v + 1});\n"
                        for v in range(version, target))
        try:
            conn.executescript("BEGIN IMMEDIATE;\n" + steps + "COMMIT;")
        except sqlite3.Error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        version = target
    return version
