"""ratings: rated or casual lobbies and games, a rating per account and game kind, and the
change each rated game made

Existing lobbies and games become casual (``rated`` false): nothing already played is rated
after the fact.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('lobbies') as batch:
        batch.add_column(sa.Column('rated', sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('rated', sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        'ratings',
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('kind', sa.String(length=40), nullable=False),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('wins', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True),
                  server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_ratings_user_id_users')),
        sa.PrimaryKeyConstraint('user_id', 'kind', name=op.f('pk_ratings')),
    )
    with op.batch_alter_table('ratings') as batch:
        batch.create_index('ix_ratings_kind', ['kind'], unique=False)
    op.create_table(
        'rating_changes',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('user_id', sa.String(length=32), nullable=False),
        sa.Column('kind', sa.String(length=40), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('rank', sa.Integer(), nullable=False),
        sa.Column('mu_before', sa.Float(), nullable=False),
        sa.Column('sigma_before', sa.Float(), nullable=False),
        sa.Column('mu_after', sa.Float(), nullable=False),
        sa.Column('sigma_after', sa.Float(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True),
                  server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_rating_changes_game_id_games')),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_rating_changes_user_id_users')),
        sa.PrimaryKeyConstraint('game_id', 'user_id', name=op.f('pk_rating_changes')),
    )
    with op.batch_alter_table('rating_changes') as batch:
        batch.create_index('ix_rating_changes_user_id', ['user_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('rating_changes') as batch:
        batch.drop_index('ix_rating_changes_user_id')
    op.drop_table('rating_changes')
    with op.batch_alter_table('ratings') as batch:
        batch.drop_index('ix_ratings_kind')
    op.drop_table('ratings')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('rated')
    with op.batch_alter_table('lobbies') as batch:
        batch.drop_column('rated')
