"""away seats: one row per seat whose clock ran out and whose player has not come back, so that
every instance that holds the game plays for the same seats (issue 16)

Before this migration each instance kept its own set in memory; a restart forgot it (the clock
timed the seat out again). No rows are carried over.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'away_seats',
        sa.Column('game_id', sa.String(length=32), sa.ForeignKey('games.id'), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('game_id', 'seat'),
    )


def downgrade() -> None:
    op.drop_table('away_seats')
