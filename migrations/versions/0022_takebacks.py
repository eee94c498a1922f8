"""takebacks: whether a table allows them, and the requests and their answers (issue 27,
point 3)

Follows 0021 (analyses). A game from before it allows no takeback (``takebacks`` false); an
in-turn undo needs no column.

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def _game_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                   name=op.f(f'fk_{table}_game_id_games'))


def upgrade() -> None:
    op.add_column('lobbies', sa.Column('takebacks', sa.Boolean(), nullable=True))
    op.add_column('games', sa.Column('takebacks', sa.Boolean(), server_default=sa.false(),
                                     nullable=False))
    op.create_table(
        'takeback_requests',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('at_seq', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('to_seq', sa.Integer(), nullable=False),
        sa.Column('moves', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.func.now(),
                  nullable=False),
        _game_fk('takeback_requests'),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_takeback_requests')),
    )
    op.create_table(
        'takeback_accepts',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('at_seq', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        _game_fk('takeback_accepts'),
        sa.PrimaryKeyConstraint('game_id', 'at_seq', 'user_id',
                                name=op.f('pk_takeback_accepts')),
    )


def downgrade() -> None:
    op.drop_table('takeback_accepts')
    op.drop_table('takeback_requests')
    op.drop_column('games', 'takebacks')
    op.drop_column('lobbies', 'takebacks')
