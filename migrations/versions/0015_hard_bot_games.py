"""hard-bot games: one row per live game with a hard bot in it (a hard bot seat or a hard
takeover level), with the identity and the address that started it, so that the caps on live
hard-bot games per identity and per address hold across instances (issue 24, point 4)

Games already live when this migration runs are not counted: they end on their own.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'hard_bot_games',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('owner_id', sa.String(length=32), nullable=False),
        sa.Column('address', sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_hard_bot_games_game_id_games')),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_hard_bot_games')),
    )
    op.create_index('ix_hard_bot_games_owner_id', 'hard_bot_games', ['owner_id'])
    op.create_index('ix_hard_bot_games_address', 'hard_bot_games', ['address'])


def downgrade() -> None:
    op.drop_index('ix_hard_bot_games_address', table_name='hard_bot_games')
    op.drop_index('ix_hard_bot_games_owner_id', table_name='hard_bot_games')
    op.drop_table('hard_bot_games')
