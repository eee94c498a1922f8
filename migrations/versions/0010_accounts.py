"""accounts: sessions, usernames and passwords, recovery codes, passkeys

A guest's single token moves from ``users.token_hash`` into a ``user_sessions`` row (the same
SHA-256), so every existing guest keeps playing with the token it has. Downgrading puts one live
session's hash back on each user (accounts lose their passwords, codes and passkeys).

Revision ID: 0010
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0005'
branch_labels = None
depends_on = None

NOW = sa.text('(CURRENT_TIMESTAMP)')


def upgrade() -> None:
    op.create_table(
        'user_sessions',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=NOW, nullable=False),
        sa.Column('last_seen_at', sa.DateTime(timezone=True), server_default=NOW, nullable=False),
        sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_user_sessions_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_user_sessions')))
    with op.batch_alter_table('user_sessions') as batch:
        batch.create_index(batch.f('ix_user_sessions_token_hash'), ['token_hash'], unique=True)
        batch.create_index(batch.f('ix_user_sessions_user_id'), ['user_id'], unique=False)
    # one session per existing guest, named after the user (ids are unique), same token hash
    op.execute("INSERT INTO user_sessions (id, user_id, token_hash, created_at, last_seen_at) "
               "SELECT id, id, token_hash, created_at, created_at FROM users")

    # plain ALTER TABLE, never a batch: SQLite would rebuild ``users`` (copy, drop, rename), and
    # dropping a table that lobbies, seats and sessions refer to fails with foreign keys on
    op.drop_index('ix_users_token_hash', table_name='users')
    op.execute("ALTER TABLE users DROP COLUMN token_hash")  # SQLite 3.35 or later
    op.add_column('users', sa.Column('username', sa.String(length=30), nullable=True))
    op.add_column('users', sa.Column('username_key', sa.String(length=30), nullable=True))
    op.add_column('users', sa.Column('password_hash', sa.String(length=255), nullable=True))
    op.add_column('users', sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('users', sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f('ix_users_username_key'), 'users', ['username_key'], unique=True)

    op.create_table(
        'recovery_codes',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('code_hash', sa.String(length=64), nullable=False),
        sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_recovery_codes_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_recovery_codes')),
        sa.UniqueConstraint('code_hash', name=op.f('uq_recovery_codes_code_hash')))
    with op.batch_alter_table('recovery_codes') as batch:
        batch.create_index(batch.f('ix_recovery_codes_user_id'), ['user_id'], unique=False)

    op.create_table(
        'passkeys',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('credential_id', sa.String(length=1400), nullable=False),
        sa.Column('public_key', sa.LargeBinary(), nullable=False),
        sa.Column('sign_count', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=NOW, nullable=False),
        sa.Column('last_used_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_passkeys_user_id_users')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_passkeys')),
        sa.UniqueConstraint('credential_id', name=op.f('uq_passkeys_credential_id')))
    with op.batch_alter_table('passkeys') as batch:
        batch.create_index(batch.f('ix_passkeys_user_id'), ['user_id'], unique=False)

    op.create_table(
        'webauthn_challenges',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('purpose', sa.String(length=16), nullable=False),
        sa.Column('session_id', sa.String(length=32), nullable=True),
        sa.Column('challenge', sa.String(length=200), nullable=False),
        sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_webauthn_challenges')))


def downgrade() -> None:
    op.drop_table('webauthn_challenges')
    op.drop_table('passkeys')
    op.drop_table('recovery_codes')
    op.drop_index('ix_users_username_key', table_name='users')
    for column in ('deleted_at', 'claimed_at', 'password_hash', 'username_key', 'username'):
        op.execute(f"ALTER TABLE users DROP COLUMN {column}")
    op.add_column('users', sa.Column('token_hash', sa.String(length=64), nullable=True))
    # each user gets back the newest session it still has; one with none gets a hash that no
    # token has (a SHA-256 is hexadecimal, so "-" never occurs in one)
    op.execute(
        "UPDATE users SET token_hash = COALESCE("
        "(SELECT s.token_hash FROM user_sessions s WHERE s.user_id = users.id "
        " AND s.revoked_at IS NULL ORDER BY s.created_at DESC, s.id LIMIT 1), "
        "'-' || users.id)")
    if op.get_bind().dialect.name != "sqlite":
        # SQLite cannot add NOT NULL to a column without rebuilding the table (see upgrade):
        # there the column stays nullable, though every row has a value
        op.alter_column('users', 'token_hash', existing_type=sa.String(length=64),
                        nullable=False)
    op.create_index('ix_users_token_hash', 'users', ['token_hash'], unique=True)
    op.drop_table('user_sessions')
