"""game duties: the outbox of end-of-game duties (ratings, notices), written with a game's
final move and deleted once they are done, so that a crash or a database error between the
final move's commit and its duties never leaves a finished game unrated (issue 24, point 6)

Games that finished before this migration are not swept: their duties ran (or failed) already.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'game_duties',
        sa.Column('game_id', sa.String(length=32), sa.ForeignKey('games.id'), nullable=False),
        sa.Column('claimed_until', sa.Float(), nullable=False),
        sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
        sa.PrimaryKeyConstraint('game_id', name='pk_game_duties'),
    )
    op.create_index('ix_game_duties_claimed_until', 'game_duties', ['claimed_until'])


def downgrade() -> None:
    op.drop_index('ix_game_duties_claimed_until', table_name='game_duties')
    op.drop_table('game_duties')
