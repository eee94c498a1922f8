"""a lobby may be the rematch of a finished game, and a game has at most one

The first Rematch on a finished game makes the lobby; every later Rematch joins it (issue 14,
"one rematch for the whole table"). The unique index is what keeps two presses at the same
moment, on two instances, from making two lobbies.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('lobbies') as batch:
        batch.add_column(sa.Column('rematch_of', sa.String(length=32), nullable=True))
        batch.create_index('ix_lobbies_rematch_of', ['rematch_of'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('lobbies') as batch:
        batch.drop_index('ix_lobbies_rematch_of')
        batch.drop_column('rematch_of')
