"""turn dues: the due times of turn-based seats (reminder, timeout), claimed by one scheduler
across instances (issue 27, point 1)

Follows 0018 (notifications).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'turn_dues',
        sa.Column('game_id', sa.String(length=32), sa.ForeignKey('games.id'), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('due_at', sa.Float(), nullable=False),
        sa.Column('remind_at', sa.Float(), nullable=False),
        sa.Column('reminded', sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column('on_timeout', sa.String(length=8), server_default='bot', nullable=False),
        sa.Column('claimed_until', sa.Float(), server_default='0', nullable=False),
        sa.Column('started_at', sa.Float(), nullable=True),
        sa.Column('reserve', sa.Float(), server_default='0', nullable=False),
        sa.PrimaryKeyConstraint('game_id', 'seat', name='pk_turn_dues'),
    )
    op.create_index('ix_turn_dues_due_at', 'turn_dues', ['due_at'])
    op.create_index('ix_turn_dues_remind_at', 'turn_dues', ['remind_at'])


def downgrade() -> None:
    op.drop_index('ix_turn_dues_remind_at', table_name='turn_dues')
    op.drop_index('ix_turn_dues_due_at', table_name='turn_dues')
    op.drop_table('turn_dues')
