"""analyses: a finished game's win chances and the bot's choices, per step (issue 28, point 4)

Follows 0020 (vacations).

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'analyses',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('requested_by', sa.String(length=32), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('playouts', sa.Integer(), nullable=False),
        sa.Column('positions', sa.JSON(), nullable=False),
        sa.Column('claimed_until', sa.Float(), nullable=False),
        sa.Column('error', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.func.now(),
                  nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.func.now(),
                  nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_analyses_game_id_games')),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_analyses')),
    )
    op.create_index(op.f('ix_analyses_requested_by'), 'analyses', ['requested_by'])
    op.create_index(op.f('ix_analyses_status'), 'analyses', ['status'])


def downgrade() -> None:
    op.drop_index(op.f('ix_analyses_status'), table_name='analyses')
    op.drop_index(op.f('ix_analyses_requested_by'), table_name='analyses')
    op.drop_table('analyses')
