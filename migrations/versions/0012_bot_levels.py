"""bot levels: the level of each bot seat in a lobby, the level that plays a seat taken over
after a timeout or a resignation (lobbies and games), and the level of the bot that made each
logged move

A game keeps its bot seats' levels in its ``seats`` JSON (a ``level`` key); games and lobby
seats from before this migration have none, which reads as "normal", the only bot there was.
Existing lobbies and games take over seats with the normal bot, as before.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('lobby_seats') as batch:
        batch.add_column(sa.Column('level', sa.String(length=8), nullable=True))
    with op.batch_alter_table('lobbies') as batch:
        batch.add_column(sa.Column('takeover_level', sa.String(length=8), nullable=False,
                                   server_default='normal'))
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('takeover_level', sa.String(length=8), nullable=False,
                                   server_default='normal'))
    with op.batch_alter_table('moves') as batch:
        batch.add_column(sa.Column('level', sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('moves') as batch:
        batch.drop_column('level')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('takeover_level')
    with op.batch_alter_table('lobbies') as batch:
        batch.drop_column('takeover_level')
    with op.batch_alter_table('lobby_seats') as batch:
        batch.drop_column('level')
