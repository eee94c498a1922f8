"""games continued from a step of another game ("Continue from here", issue 14)

A game records the game and step it was continued from and the source's state at that step;
a lobby records the game and step its game will start from. The source game lists its
continuations through the index on ``games.continued_from``.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('continued_from', sa.String(length=32), nullable=True))
        batch.add_column(sa.Column('continued_step', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('origin_state', sa.JSON(), nullable=True))
        batch.create_index(batch.f('ix_games_continued_from'), ['continued_from'], unique=False)
    with op.batch_alter_table('lobbies') as batch:
        batch.add_column(sa.Column('continue_game', sa.String(length=32), nullable=True))
        batch.add_column(sa.Column('continue_step', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('lobbies') as batch:
        batch.drop_column('continue_step')
        batch.drop_column('continue_game')
    with op.batch_alter_table('games') as batch:
        batch.drop_index(batch.f('ix_games_continued_from'))
        batch.drop_column('origin_state')
        batch.drop_column('continued_step')
        batch.drop_column('continued_from')
