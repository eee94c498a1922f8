"""the seats to act, kept on the game row so "My games" can say whose turn it is

Written with every move in the same UPDATE as the seq, so it costs no extra statement. Games
of an older database have NULL until their next move; "My games" then asks the live game.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('to_act', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.drop_column('to_act')
