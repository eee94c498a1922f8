"""notifications: settings, e-mail addresses, push subscriptions and the outbox (issue 27.2)

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def _user_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                   name=op.f(f'fk_{table}_user_id_users'))


def upgrade() -> None:
    op.create_table(
        'notify_settings',
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('events', sa.JSON(), nullable=False),
        sa.Column('email_digest', sa.Boolean(), nullable=False),
        sa.Column('quiet_start', sa.Integer(), nullable=True),
        sa.Column('quiet_end', sa.Integer(), nullable=True),
        sa.Column('time_zone', sa.String(length=64), nullable=False),
        _user_fk('notify_settings'),
        sa.PrimaryKeyConstraint('user_id', name=op.f('pk_notify_settings')),
    )
    op.create_table(
        'email_addresses',
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('address', sa.String(length=254), nullable=False),
        sa.Column('verified_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('bounced_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.func.now(),
                  nullable=False),
        _user_fk('email_addresses'),
        sa.PrimaryKeyConstraint('user_id', name=op.f('pk_email_addresses')),
    )
    op.create_table(
        'push_subscriptions',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('endpoint', sa.String(length=1000), nullable=False),
        sa.Column('p256dh', sa.String(length=200), nullable=False),
        sa.Column('auth', sa.String(length=100), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.func.now(),
                  nullable=False),
        _user_fk('push_subscriptions'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_push_subscriptions')),
        sa.UniqueConstraint('endpoint', name=op.f('uq_push_subscriptions_endpoint')),
    )
    op.create_index(op.f('ix_push_subscriptions_user_id'), 'push_subscriptions', ['user_id'])
    op.create_table(
        'notify_outbox',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('channel', sa.String(length=8), nullable=False),
        sa.Column('target', sa.String(length=32), nullable=False),
        sa.Column('dedupe', sa.String(length=120), nullable=True),
        sa.Column('kind', sa.String(length=24), nullable=False),
        sa.Column('title', sa.String(length=120), nullable=False),
        sa.Column('text', sa.String(length=500), nullable=False),
        sa.Column('path', sa.String(length=200), nullable=False),
        sa.Column('digest', sa.Boolean(), nullable=False),
        sa.Column('due_at', sa.Float(), nullable=False),
        sa.Column('claimed_by', sa.String(length=32), nullable=True),
        sa.Column('claimed_until', sa.Float(), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('sent_at', sa.Float(), nullable=True),
        sa.Column('dropped', sa.String(length=200), nullable=True),
        _user_fk('notify_outbox'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_notify_outbox')),
        sa.UniqueConstraint('user_id', 'channel', 'target', 'dedupe',
                            name=op.f('uq_notify_outbox_user_id')),
    )
    op.create_index(op.f('ix_notify_outbox_user_id'), 'notify_outbox', ['user_id'])
    op.create_index('ix_notify_outbox_due', 'notify_outbox', ['sent_at', 'due_at'])


def downgrade() -> None:
    op.drop_table('notify_outbox')
    op.drop_table('push_subscriptions')
    op.drop_table('email_addresses')
    op.drop_table('notify_settings')
